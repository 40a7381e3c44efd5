module github.com/dxscope/dxscope

go 1.26.8

require github.com/dustin/go-humanize v1.1.0

require gopkg.in/yaml.v3 v3.0.1
