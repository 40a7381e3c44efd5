module github.com/dxscope/dxscope

go 1.26.8

require github.com/dustin/go-humanize v1.1.0
