module cryptosizer

go 1.26.8

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/chromedp/cdproto v0.160.2
	github.com/chromedp/chromedp v0.22.1
	github.com/go-echarts/go-echarts/v2 v2.6.7
	github.com/maxence-charriere/go-app/v10 v10.1.11
	golang.org/x/net v0.62.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
