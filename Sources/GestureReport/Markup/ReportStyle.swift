/// The page's one stylesheet: system fonts, a readable measure, light and
/// dark colours (prefers-color-scheme), print rules, and the Okabe–Ito
/// colours for groups A (blue) and B (vermillion, dashed, so the two differ
/// without colour too).
enum ReportStyle {
    static let css = """
        :root { --fg: #1d1d1f; --muted: #5f6368; --bg: #ffffff; --panel: #f5f5f7; --rule: #d2d2d7;
                --grid: #e3e3e8; --a: #0072b2; --b: #d55e00; --warn: #8a5300; --link: #0060a0;
                --dot-edge: rgba(0, 0, 0, 0.45); }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e8e8ed; --muted: #a1a1a6; --bg: #161618; --panel: #222225; --rule: #3a3a3e;
                  --grid: #2e2e33; --a: #56b4e9; --b: #e69f00; --warn: #f0c05a; --link: #7cc4f0;
                  --dot-edge: rgba(255, 255, 255, 0.55); }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
               font: 15px/1.5 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 64px; overflow-wrap: break-word; }
        a { color: var(--link); }
        h1 { font-size: 1.7em; margin: 0.2em 0; }
        h2 { font-size: 1.3em; margin-top: 2.2em; border-bottom: 1px solid var(--rule); padding-bottom: 0.2em; }
        h3 { font-size: 1.05em; margin: 1.4em 0 0.4em; }
        .meta, .selection, figcaption, .small { color: var(--muted); font-size: 0.9em; }
        .headline { font-size: 1.08em; font-weight: 600; margin: 0.6em 0; }
        nav ol { columns: 2; margin: 0.4em 0; }
        table { border-collapse: collapse; margin: 0.6em 0; font-variant-numeric: tabular-nums; }
        th, td { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: right; vertical-align: top; }
        th:first-child, td:first-child, .text { text-align: left; }
        thead th { border-bottom: 2px solid var(--rule); }
        table.numbers td { white-space: nowrap; }
        td.verdict { font-weight: 600; }
        .sig-no { color: var(--muted); }
        .plots { display: flex; flex-wrap: wrap; gap: 12px 20px; }
        figure { margin: 0; flex: 1 1 480px; max-width: 540px; background: var(--panel); border-radius: 6px; padding: 8px; }
        figcaption { margin: 4px 4px 0; }
        svg.plot { width: 100%; height: auto; display: block; font-size: 11px; }
        svg.plot text { fill: var(--fg); }
        svg.plot .label { font-size: 12px; }
        svg.plot .grid { stroke: var(--grid); stroke-width: 1; }
        svg.plot .series { fill: none; stroke-width: 2; }
        svg.plot .series.a, svg.plot .marker.a, svg.plot .dot.a { stroke: var(--a); }
        svg.plot .series.b, svg.plot .marker.b, svg.plot .dot.b { stroke: var(--b); }
        svg.plot .series.b { stroke-dasharray: 6 3; }
        svg.plot .marker { fill: var(--bg); stroke-width: 1.5; }
        svg.plot .dot { fill: none; stroke-width: 1; opacity: 0.35; }
        svg.plot .bar { fill: var(--b); opacity: 0.75; }
        svg.plot .interval { fill: var(--a); opacity: 0.18; }
        svg.plot .median { stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 3 2; }
        svg.plot .outline { fill: none; stroke: var(--fg); stroke-width: 1.5; }
        svg.plot .margin { fill: none; stroke: var(--muted); stroke-width: 1; stroke-dasharray: 4 3; }
        svg.plot .panel-title { font-weight: 600; }
        svg.plot .touch, svg.plot .bin { stroke: var(--dot-edge); stroke-width: 0.5; }
        svg.plot .target-frame { fill: none; stroke: var(--fg); stroke-width: 1.2; }
        svg.plot .hit-area { fill: var(--a); fill-opacity: 0.08; stroke: var(--a); stroke-width: 1; stroke-dasharray: 3 2; }
        svg.plot .touch.reached { fill: #009e73; stroke: none; }
        svg.plot .touch.missed { fill: none; stroke: var(--b); stroke-width: 1.3; }
        .warnings { border-left: 3px solid var(--warn); padding: 4px 12px; margin: 0.8em 0; }
        .warnings li { color: var(--warn); }
        .scroll { overflow-x: auto; }
        @media print {
          :root { --fg: #000; --muted: #444; --bg: #fff; --panel: #fff; --rule: #bbb; --grid: #ddd;
                  --a: #0072b2; --b: #d55e00; --warn: #8a5300; }
          body { font-size: 10.5pt; background: #fff; color: #000; }
          main { max-width: none; padding: 0; }
          nav { display: none; }
          section.comparison { break-before: page; }
          figure { break-inside: avoid; background: none; border: 1px solid #ccc; }
          a { color: inherit; text-decoration: none; }
        }
        """
}
