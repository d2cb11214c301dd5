package transit.helidon;

import io.helidon.http.HeaderValues;
import io.helidon.http.PathMatchers;
import io.helidon.http.Status;
import io.helidon.http.DirectHandler;
import io.helidon.http.PathMatcher;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.DirectHandlers;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.util.List;
import transit.api.HttpContract;
import transit.api.Model.ApiError;

/**
 * What the contract asks of Helidon beyond its own reading (docs/API.md, Errors and Protocol errors): a handler before
 * the routes, one after them for paths no route serves, and Helidon's own answers to requests it refuses as the
 * contract's JSON.
 */
final class HelidonContract {
  private HelidonContract() {}

  /** The paths the contract's routes serve (docs/API.md), as HttpRouting writes them: 405 for another method on one. */
  private static final List<PathMatcher> SERVED = List.of("/", "/greeting/{name}", "/hello", "/health", "/schedules/{route_id}",
      "/stops/{stop_id}/departures").stream().map(p -> PathMatchers.create(p)).toList();

  /**
   * Before any route: a dot segment or broken percent-encoding in the query, the contract's 400; another method than
   * GET (HEAD too, which Helidon would answer from a GET route) on a served path, 405, elsewhere 404.
   */
  static void before(HttpRouting.Builder routing) {
    routing.any((req, res) -> {
      ApiError bad = refused(path(req), req.query().rawValue());
      if (bad != null) error(res, bad);
      else if (!req.prologue().method().text().equals("GET")) notServed(req, res); // Helidon's Method matches "get" too
      else res.next();
    });
  }

  /**
   * The path as sent, still percent-encoded: from an absolute-form target (http://host/path) its path alone, as the
   * other servers' HTTP layers give it.
   */
  static String path(ServerRequest req) {
    return HttpContract.originPath(req.prologue().uriPath().rawPath());
  }

  /**
   * The contract's 400 for a target Helidon lets through: a character no URI has (a control character, a space, a
   * backslash, raw non-ASCII), which the other servers' HTTP layers refuse as malformed; a dot segment or broken
   * percent-encoding in the query.
   */
  private static ApiError refused(String path, String query) {
    ApiError notAUri = HttpContract.notAUri(query == null ? path : path + "?" + query);
    if (notAUri != null) return notAUri;
    return HttpContract.badTarget(path, query == null || query.isEmpty() ? null : query);
  }

  /** After every route: a path none serves, the contract's 404. */
  static void after(HttpRouting.Builder routing) {
    routing.any(HelidonContract::notServed);
  }

  /**
   * A send that fails once the client has gone (Jackson wraps the write's failure) ends the connection as Helidon ends
   * one whose write failed, quietly, not as a handler's error, which Helidon logs at WARNING with its stack.
   */
  static void whileConnected(Runnable send) {
    try {
      send.run();
    } catch (RuntimeException e) {
      for (Throwable cause = e; cause != null; cause = cause.getCause())
        if (cause instanceof CloseConnectionException gone) throw gone;
      throw e;
    }
  }

  /** A path no route serves, 404; another method than GET on one they do, 405; to HEAD without a body, as HTTP has it. */
  static void notServed(ServerRequest req, ServerResponse res) {
    String path = path(req);
    boolean get = req.prologue().method().text().equals("GET");
    boolean served = !get && SERVED.stream().anyMatch(m -> m.match(req.path()).accepted());
    ApiError error = served ? HttpContract.methodNotAllowed(req.prologue().method().text(), path) : HttpContract.noSuchPath(path);
    if (!req.prologue().method().text().equals("HEAD")) error(res, error);
    else {
      res.status(Status.create(error.status()));
      res.header(HeaderValues.CONTENT_TYPE_JSON);
      res.send();
    }
  }

  /**
   * Helidon's answers to requests it refuses before routing (a malformed request line or header, a head over the
   * bound): its status with the contract's JSON error, where Helidon's default body is empty.
   */
  static DirectHandlers errors() {
    DirectHandlers.Builder handlers = DirectHandlers.builder();
    for (DirectHandler.EventType type : DirectHandler.EventType.values())
      handlers.addHandler(type, (request, event, status, headers, message) -> {
        ApiError error = status.code() == 431 || status.code() == 414 ? new ApiError(status.code(), status.reasonPhrase(), HttpContract.headTooLarge().message())
            : new ApiError(status.code(), status.reasonPhrase(), message == null || message.isEmpty() ? HttpContract.malformedRequest().message() : message);
        return DirectHandler.TransportResponse.builder().status(status).headers(headers).header(HeaderValues.CONTENT_TYPE_JSON)
            .entity(HelidonJson.bytes(error)).build();
      });
    return handlers.build();
  }

  /** The contract's JSON error body with its status. */
  static void error(ServerResponse res, ApiError error) {
    res.status(Status.create(error.status()));
    res.send(error);
  }
}
