//go:build js && wasm

package main

import dxapp "github.com/dxscope/dxscope/app"

// main runs the inspector page in the browser; a panic restarts the page
// with a report instead of ending the program (app/crash.go).
func main() { dxapp.Run() }
