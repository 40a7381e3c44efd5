module github.com/dxscope/dxscope

go 1.26.8

require github.com/dustin/go-humanize v1.1.0

require (
	github.com/andybalholm/brotli v1.2.8
	github.com/google/uuid v1.6.0 // indirect
	github.com/maxence-charriere/go-app/v10 v10.1.11
)

require gopkg.in/yaml.v3 v3.0.1
