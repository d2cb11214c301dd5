package transit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import transit.bench.run.Launchers;
import transit.measure.Markdown;
import transit.server.FrameworkRegistry;
import transit.server.Mode;
import transit.server.ProtocolError;

/**
 * docs/API.md's per-framework tables, written from what each framework says of itself (the registry), so that a
 * framework added or changed cannot leave them stale: {@code ./mill gatling.runMain transit.bench.report.RegistryDocs}
 * rewrites each part between its markers, and a test fails while one differs from the registry.
 */
public final class RegistryDocs {
  private RegistryDocs() {}

  /** A part of docs/API.md: its markers, and its text from the registry. */
  record Part(String name, Function<Launchers, String> text) {
    String begin() { return "<!-- " + name + ": written by ./mill gatling.runMain transit.bench.report.RegistryDocs -->"; }

    String end() { return "<!-- end of " + name + " -->"; }
  }

  static final List<Part> PARTS = List.of(
      new Part("protocol errors", RegistryDocs::protocolErrors),
      new Part("how each mode is served", RegistryDocs::modes),
      new Part("how each framework compresses", RegistryDocs::compression),
      new Part("the settings beyond the defaults", RegistryDocs::settings));

  /** Each framework's status for each protocol error (no answer: it closes the connection without one). */
  static String protocolErrors(Launchers launchers) {
    List<String> head = new ArrayList<>(List.of("Request"));
    head.addAll(launchers.frameworks());
    Markdown.Table table = new Markdown.Table(head);
    List<java.util.Map<ProtocolError, Integer>> answers = launchers.frameworks().stream().map(f -> launchers.description(f).answers()).toList();
    for (ProtocolError request : ProtocolError.values()) {
      List<String> row = new ArrayList<>(List.of(request.label() + " (`" + telling(request.request) + "`)"));
      for (java.util.Map<ProtocolError, Integer> framework : answers) {
        Integer status = framework.get(request);
        row.add(status == null ? Format.MISSING : status == ProtocolError.NO_ANSWER ? "no answer" : status.toString());
      }
      table.row(row);
    }
    return table.toString();
  }

  /** How each framework serves /schedules in each mode, in its own words. */
  static String modes(Launchers launchers) {
    List<String> head = new ArrayList<>(List.of("Framework"));
    for (Mode mode : Mode.values()) head.add(mode.label);
    Markdown.Table table = new Markdown.Table(head);
    for (String framework : launchers.frameworks()) {
      FrameworkRegistry.Description description = launchers.description(framework);
      List<String> row = new ArrayList<>(List.of(framework));
      for (Mode mode : Mode.values()) row.add(BeyondDefaults.cell(description.serves().get(mode)));
      table.row(row);
    }
    return table.toString();
  }

  /** How each framework gzips an answer, in its own words. */
  static String compression(Launchers launchers) {
    Markdown.Table table = new Markdown.Table(List.of("Framework", "How a /schedules answer goes gzipped"));
    for (String framework : launchers.frameworks()) table.row(List.of(framework, BeyondDefaults.cell(launchers.description(framework).compresses())));
    return table.toString();
  }

  /** Every framework's settings beyond its defaults, in the registry's order. */
  static String settings(Launchers launchers) {
    StringBuilder md = new StringBuilder();
    for (String framework : launchers.frameworks()) md.append(BeyondDefaults.tables(framework, launchers.description(framework).settings()));
    return md.toString().stripTrailing();
  }

  /**
   * What sets the request apart, at most 40 characters (`…` where cut): its first line that is not a plain
   * {@code GET / HTTP/1.1} or {@code Host: x}, control characters and tabs named.
   */
  static String telling(String request) {
    if (request.startsWith("\r\n")) return "\\r\\n, then GET / HTTP/1.1";
    String[] lines = request.split("\n");
    String line = null;
    for (String l : lines) {
      String bare = l.replace("\r", "");
      if (!bare.isEmpty() && !bare.equals("GET / HTTP/1.1") && !bare.equals("Host: x")) {
        line = bare;
        break;
      }
    }
    if (line == null) line = lines[0].replace("\r", "") + (request.contains("\r") ? "" : ", LF only");
    line = line.replace("\t", "\\t").replace("\u0001", "\\x01");
    return line.length() > 40 ? line.substring(0, 39) + "…" : line;
  }

  /** The document with every part written from the registry; throws where a part's markers are missing. */
  static String rewrite(String document, Launchers launchers) {
    for (Part part : PARTS) {
      int begin = document.indexOf(part.begin()), end = document.indexOf(part.end());
      if (begin < 0 || end < begin) throw new IllegalStateException("docs/API.md has no \"" + part.begin() + "\" ... \"" + part.end() + "\" part");
      document = document.substring(0, begin + part.begin().length()) + "\n\n" + part.text().apply(launchers).stripTrailing() + "\n\n"
          + document.substring(end);
    }
    return document;
  }

  /** Rewrites docs/API.md's per-framework tables from the registry. */
  public static void main(String[] args) throws IOException {
    Launchers launchers = Launchers.load();
    Path api = launchers.workspace().resolve("docs").resolve("API.md");
    Files.writeString(api, rewrite(Files.readString(api), launchers));
    System.out.println("Wrote each framework's protocol errors, modes, compression and settings into " + api);
  }
}
