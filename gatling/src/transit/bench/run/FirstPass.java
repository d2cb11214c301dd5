package transit.bench.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.bench.scenario.Requests;
import transit.bench.scenario.RouteLists;

/**
 * Before any slice, one request per path over HTTP: it picks the route lists and records every path's body
 * length, which every response of every slice must then match exactly.
 */
public record FirstPass(RouteLists routes, Map<String, Integer> lengths) {
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10)).build();

  public static FirstPass run(String baseUrl, Path feed, Path resultsDir) throws IOException, InterruptedException {
    Map<String, Integer> lengths = new LinkedHashMap<>();
    lengths.put(Requests.ROOT, length(baseUrl, Requests.ROOT));
    lengths.put(Requests.GREETING, length(baseUrl, Requests.GREETING + Requests.SAMPLE_NAME));
    lengths.put(Requests.HELLO, length(baseUrl, Requests.HELLO + Requests.SAMPLE_NAME));

    RouteLists routes = RouteLists.reference();
    Map<String, Integer> byRoute = routeLengths(baseUrl, concat(routes.heavy(), routes.small()));
    if (byRoute.containsValue(null)) {
      System.out.println("The feed lacks some reference route ids: deriving the route lists from " + feed);
      byRoute = routeLengths(baseUrl, RouteLists.routesWithTrips(feed));
      routes = RouteLists.derive(byRoute);
      routes.save(resultsDir);
    }
    for (String route : concat(routes.heavy(), routes.small())) lengths.put(Requests.schedule(route), byRoute.get(route));
    return new FirstPass(routes, lengths);
  }

  /** The schedule path of the largest answer the first pass measured. */
  public String largestPath() {
    return lengths.entrySet().stream().filter(e -> e.getKey().startsWith("/schedules/")).max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey).orElseThrow();
  }

  /** Each route's response length; null for a route the server does not know (404). */
  private static Map<String, Integer> routeLengths(String baseUrl, List<String> routes) throws IOException, InterruptedException {
    Map<String, Integer> lengths = new LinkedHashMap<>();
    for (String route : routes) {
      HttpResponse<byte[]> r = get(baseUrl, Requests.schedule(route));
      if (r.statusCode() != 200 && r.statusCode() != 404) throw unexpected(r);
      lengths.put(route, r.statusCode() == 200 ? r.body().length : null);
    }
    return lengths;
  }

  private static int length(String baseUrl, String path) throws IOException, InterruptedException {
    HttpResponse<byte[]> r = get(baseUrl, path);
    if (r.statusCode() != 200) throw unexpected(r);
    return r.body().length;
  }

  public static HttpResponse<byte[]> get(String baseUrl, String path) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofMinutes(2)).build();
    return CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
  }

  private static IOException unexpected(HttpResponse<byte[]> r) {
    return new IOException("GET " + r.uri() + " answered " + r.statusCode() + ": the server is not fit to load-test");
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).distinct().toList();
  }
}
