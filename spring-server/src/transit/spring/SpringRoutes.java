package transit.spring;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import transit.api.HttpContract;
import transit.api.Model.ApiError;
import transit.api.Model.FeedSummary;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.SchedulesAnswer;
import transit.server.ServerSettings;

/** The routes of the contract: each maps Spring's path variables and parameters onto core's TransitApi. */
@RestController
class SpringRoutes {
  /** The request attribute holding a /schedules answer until its response is sent (SpringContract closes it). */
  static final String ANSWER = SpringRoutes.class.getName() + ".answer";

  private final TransitApi api;
  private final ServerSettings settings;

  SpringRoutes(TransitApi api, ServerSettings settings) {
    this.api = api;
    this.settings = settings;
  }

  @GetMapping("/")
  void helloWorld(HttpServletResponse response) throws IOException {
    text(response, TransitApi.helloWorld());
  }

  @GetMapping("/greeting/{name}")
  ResponseEntity<ApiError> greeting(@PathVariable String name, HttpServletResponse response) throws IOException {
    TransitApi.Reply<String> greeting = TransitApi.greeting(name);
    if (!greeting.isOk()) return error(greeting.error());
    text(response, greeting.body());
    return null;
  }

  @GetMapping("/hello")
  ResponseEntity<?> hello(@RequestParam(required = false) String name) {
    return reply(TransitApi.hello(name));
  }

  @GetMapping("/health")
  FeedSummary health() {
    return api.health();
  }

  @GetMapping("/stops/{stop_id}/departures")
  ResponseEntity<?> departures(@PathVariable("stop_id") String stopId, @RequestParam(required = false) String date,
      @RequestParam(required = false) String after, @RequestParam(required = false) String limit) {
    return reply(api.departures(stopId, date, after, limit));
  }

  /**
   * Core's answer, rendered: idiomatic, the model for Boot's Jackson converter; tuned, core's writer on the response's
   * output stream; cached, the kept bytes. The heap the answer reserved is given back once the response is written.
   */
  @GetMapping("/schedules/{route_id}")
  ResponseEntity<?> schedules(@PathVariable("route_id") String routeId, @RequestParam(required = false) String date,
      HttpServletRequest request, HttpServletResponse response) throws IOException {
    SchedulesAnswer answer = SchedulesAnswer.of(api, settings.mode(), routeId, date, request.getHeader(HttpHeaders.ACCEPT_ENCODING),
        reply -> SpringJson.bytes(reply.isOk() ? reply.body() : reply.error()));
    request.setAttribute(ANSWER, answer);
    response.setHeader(HttpHeaders.VARY, HttpContract.VARY); // Tomcat adds its own only where it may compress
    if (answer instanceof SchedulesAnswer.ToEncode model) {
      return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(model.trips());
    } else if (answer instanceof SchedulesAnswer.Streamed streamed) {
      stream(response, streamed.trips());
      return null;
    } else if (answer instanceof SchedulesAnswer.Cached cached) {
      ResponseCache.Encoded kept = cached.encoded();
      // gzipped bytes as they are: Tomcat compresses no response that has a Content-Encoding
      if (kept.gzipped()) response.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
      return ResponseEntity.status(kept.status()).contentType(MediaType.APPLICATION_JSON).body(kept.body());
    } else if (answer instanceof SchedulesAnswer.Busy busy) {
      return ResponseEntity.status(503).header("Retry-After", String.valueOf(busy.retryAfterSeconds())).body(busy.error());
    }
    return error(((SchedulesAnswer.Failed) answer).error());
  }

  /**
   * Tuned: the JSON written to the response's output stream as it is produced, from the feed's arrays; no model, no
   * whole-response array. Its length is counted first, so the body goes out as it is, not framed in chunks. Written
   * on the request's thread (a virtual one where the JDK has them), as StreamingResponseBody would only hand it to
   * another.
   */
  private static void stream(HttpServletResponse response, RouteTrips trips) throws IOException {
    response.setContentType(HttpContract.JSON);
    response.setContentLengthLong(new SchedulesJson(trips).length());
    SchedulesJson.write(trips, response.getOutputStream());
  }

  /**
   * text/plain in UTF-8, left in Tomcat's buffer (no Content-Length, which would send it at once) so that SpringLimits
   * can give it the contract's exact header once the servlet is done.
   */
  private static void text(HttpServletResponse response, String body) throws IOException {
    response.setContentType("text/plain");
    response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }

  private static ResponseEntity<?> reply(TransitApi.Reply<?> reply) {
    return reply.isOk() ? ResponseEntity.ok(reply.body()) : error(reply.error());
  }

  static ResponseEntity<ApiError> error(ApiError error) {
    return ResponseEntity.status(error.status()).contentType(MediaType.APPLICATION_JSON).body(error);
  }
}
