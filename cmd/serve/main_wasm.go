//go:build js && wasm

package main

import (
	dxapp "github.com/dxscope/dxscope/app"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// main runs the inspector page in the browser.
func main() {
	dxapp.Register()
	app.RunWhenOnBrowser()
}
