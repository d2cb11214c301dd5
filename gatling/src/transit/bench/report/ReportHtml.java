package transit.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * A markdown page (report.md, comparison.md) as one self-contained HTML file: the same text through commonmark, each
 * chart inline as its SVG instead of a link to its PNG, the style and the table sorter inline. Nothing is fetched when
 * it opens.
 */
final class ReportHtml {
  private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create(), HeadingAnchorExtension.create());

  private ReportHtml() {}

  /** The page: its title, and the markdown with each chart (an image whose file is among charts) drawn inline. */
  static String page(String title, String markdown, List<Charts.Drawn> charts) {
    Map<String, Charts.Drawn> byFile = charts.stream().collect(Collectors.toMap(Charts.Drawn::file, Function.identity(), (a, b) -> a));
    HtmlRenderer renderer = HtmlRenderer.builder().extensions(EXTENSIONS)
        .nodeRendererFactory(context -> new NodeRenderer() {
          public Set<Class<? extends Node>> getNodeTypes() { return Set.of(Image.class); }

          public void render(Node node) {
            Image image = (Image) node;
            Charts.Drawn chart = byFile.get(image.getDestination());
            if (chart == null) { // not a chart of this run: a link to it
              context.getWriter().tag("a", Map.of("href", context.encodeUrl(image.getDestination())));
              context.getWriter().text(image.getDestination());
              context.getWriter().tag("/a");
              return;
            }
            Map<String, String> attributes = new LinkedHashMap<>(); // in this order, page after page
            attributes.put("class", "chart");
            attributes.put("role", "img");
            attributes.put("aria-label", chart.title());
            attributes.put("data-chart", chart.file());
            context.getWriter().tag("span", attributes);
            context.getWriter().raw(chart.svg());
            context.getWriter().tag("/span");
          }
        }).build();
    String body = renderer.render(Parser.builder().extensions(EXTENSIONS).build().parse(markdown));
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + escape(title) + "</title>\n<style>\n"
        + resource("report.css") + "</style>\n</head>\n<body>\n<main>\n" + body + "</main>\n<script>\n" + resource("report.js")
        + "</script>\n</body>\n</html>\n";
  }

  private static String escape(String text) { return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"); }

  private static String resource(String name) {
    try (InputStream in = ReportHtml.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("missing resource transit/bench/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
