// The ECharts bundle the page loads: only the parts the charts use
// (app/ui/charts builds their options; its test checks every option key
// against the imports below). ./build.sh bundles it with esbuild into
// web/echarts.min.js; the full echarts.min.js is twice the size.
import * as echarts from "echarts/core";
import { BarChart } from "echarts/charts";
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from "echarts/components";
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";

echarts.use([
  BarChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer, // PNG export
  SVGRenderer, // the page's charts and SVG export
]);

window.echarts = echarts;
