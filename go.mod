module cryptosizer

go 1.26.8

require (
	github.com/go-echarts/go-echarts/v2 v2.6.7
	github.com/maxence-charriere/go-app/v10 v10.1.11
)

require github.com/google/uuid v1.6.0 // indirect
