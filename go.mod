module github.com/dxscope/dxscope

go 1.26.8

require github.com/dustin/go-humanize v1.1.0

require (
	github.com/andybalholm/brotli v1.2.8
	github.com/google/uuid v1.6.0 // indirect
	github.com/maxence-charriere/go-app/v10 v10.1.11
)

require (
	github.com/chromedp/chromedp v0.23.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)
