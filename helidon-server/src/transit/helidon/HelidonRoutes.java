package transit.helidon;

import io.helidon.common.uri.UriEncoding;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.OutputStream;
import transit.api.HttpContract;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.Mode;
import transit.server.SchedulesAnswer;

/**
 * The route contract (docs/API.md) on Helidon SE's HttpRouting, as lambda handlers, each on the virtual thread Helidon
 * gives a connection; JSON by Jackson through Helidon's media support (HelidonJson), or streamed from the feed's arrays
 * when tuned.
 */
final class HelidonRoutes {
  private HelidonRoutes() {}

  private static final String SCHEDULES = "/schedules/";

  /**
   * The writes Helidon's output stream is given a kept body in: 320 KB ones (Limits#sliceBytes at the defaults) cost it
   * more than they save (docs/RESULTS.md, the size of a server's writes).
   */
  static final int WRITE_BYTES = 64 * 1024;

  /** writeBytes: the writes a kept body is cut into. */
  static void add(HttpRouting.Builder routing, TransitApi api, Mode mode, int writeBytes) {
    routing.get("/", (req, res) -> text(res, TransitApi.helloWorld()));
    routing.get("/greeting/{name}", (req, res) -> {
      TransitApi.Reply<String> greeting = TransitApi.greeting(req.path().pathParameters().get("name"));
      if (greeting.isOk()) text(res, greeting.body());
      else HelidonContract.error(res, greeting.error());
    });
    routing.get("/hello", (req, res) -> reply(res, TransitApi.hello(query(req, "name"))));
    routing.get("/health", (req, res) -> res.send(api.health()));
    // the id from the path as sent: Helidon's routing decodes %2F into a segment's end and drops a ;parameter, both
    // part of a route id on every other server
    routing.get("/schedules/{+route_id}", (req, res) -> {
      String id = HelidonContract.path(req).substring(SCHEDULES.length());
      if (id.isEmpty() || id.indexOf('/') >= 0) {
        HelidonContract.notServed(req, res);
        return;
      }
      res.header(HeaderNames.VARY, HttpContract.VARY);
      try (SchedulesAnswer answer = SchedulesAnswer.of(api, mode, UriEncoding.decodeUri(id.replace("+", "%2B")), query(req, "date"),
          req.headers().first(HeaderNames.ACCEPT_ENCODING).orElse(null), HelidonJson::encode)) {
        if (answer instanceof SchedulesAnswer.ToEncode model) HelidonContract.whileConnected(() -> res.send(model.trips()));
        else if (answer instanceof SchedulesAnswer.Streamed streamed) stream(res, streamed.trips());
        else if (answer instanceof SchedulesAnswer.Cached cached) send(res, cached.encoded(), writeBytes);
        else if (answer instanceof SchedulesAnswer.Failed failed) HelidonContract.error(res, failed.error());
        else if (answer instanceof SchedulesAnswer.Busy busy) {
          res.header(HeaderNames.RETRY_AFTER, String.valueOf(busy.retryAfterSeconds()));
          HelidonContract.error(res, busy.error());
        }
      }
    });
    routing.get("/stops/{stop_id}/departures", (req, res) -> reply(res, api.departures(req.path().pathParameters().get("stop_id"),
        query(req, "date"), query(req, "after"), query(req, "limit"))));
  }

  /** A query parameter's first value, or null. */
  static String query(ServerRequest req, String name) {
    return req.query().contains(name) ? req.query().get(name) : null;
  }

  private static void text(ServerResponse res, String body) {
    res.header(HeaderNames.CONTENT_TYPE, HttpContract.TEXT);
    res.send(body);
  }

  /**
   * Kept bytes, gzipped ones as they are. A body over writeBytes goes to the response's output stream in writes of
   * that size, limits on or off: the minimum rate sees it move write by write, and res.send(byte[])
   * would first copy a body without a Content-Encoding through Helidon's content encoding (into a ByteArrayOutputStream,
   * a humongous array for G1 at B6's 10 MB) once compression is on.
   */
  private static void send(ServerResponse res, ResponseCache.Encoded encoded, int writeBytes) throws IOException {
    res.status(Status.create(encoded.status()));
    res.header(HeaderValues.CONTENT_TYPE_JSON);
    if (encoded.gzipped()) res.header(HeaderNames.CONTENT_ENCODING, "gzip");
    byte[] body = encoded.body();
    if (body.length <= writeBytes) {
      res.send(body);
      return;
    }
    res.header(HeaderNames.CONTENT_LENGTH, String.valueOf(body.length));
    try (OutputStream out = res.outputStream()) {
      for (int at = 0; at < body.length; at += writeBytes) out.write(body, at, Math.min(writeBytes, body.length - at));
    }
  }

  /**
   * Tuned: the JSON written to the response's output stream as it is produced, from the feed's arrays; no model, no
   * whole-response array. Its length is counted first, so the body goes out as it is, not framed in chunks.
   */
  private static void stream(ServerResponse res, RouteTrips trips) throws IOException {
    res.header(HeaderValues.CONTENT_TYPE_JSON);
    res.header(HeaderNames.CONTENT_LENGTH, String.valueOf(new SchedulesJson(trips).length()));
    try (OutputStream out = res.outputStream()) {
      SchedulesJson.write(trips, out);
    }
  }

  private static void reply(ServerResponse res, TransitApi.Reply<?> reply) {
    if (reply.isOk()) res.send(reply.body());
    else HelidonContract.error(res, reply.error());
  }

}
