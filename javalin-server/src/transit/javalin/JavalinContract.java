package transit.javalin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.MethodNotAllowedResponse;
import io.javalin.router.EndpointNotFound;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import transit.api.HttpContract;
import transit.api.Model.ApiError;

/**
 * What the contract asks of Javalin and Jetty beyond their own reading (docs/API.md, Errors and Protocol errors):
 * handlers before and around the routes, and Jetty's own error answers as the contract's JSON.
 */
final class JavalinContract {
  private JavalinContract() {}

  static void add(RoutesConfig routes) {
    // Dot segments, and broken percent-encoding in the query, which Javalin would drop silently (the parameter's
    // default used instead): the contract's 400, before any route is matched.
    routes.before(ctx -> {
      ApiError bad = HttpContract.badTarget(path(ctx), ctx.queryString());
      if (bad != null) ctx.skipRemainingHandlers().status(bad.status()).json(bad);
    });
    // Javalin answers HEAD on a GET route itself, with an empty 200; only GET is served.
    routes.beforeMatched(ctx -> {
      if (ctx.method() == HandlerType.HEAD) throw new MethodNotAllowedResponse();
    });
    // Javalin throws these when no endpoint matches; a 404 or 405 that a handler sets is left alone.
    routes.exception(EndpointNotFound.class, (e, ctx) ->
        ctx.status(404).json(HttpContract.noSuchPath(path(ctx))));
    routes.exception(MethodNotAllowedResponse.class, (e, ctx) ->
        ctx.status(405).json(HttpContract.methodNotAllowed(ctx.method().name(), path(ctx))));
  }

  /** Errors echo the path as sent, percent-encoded, on every server. */
  private static String path(Context ctx) {
    return ctx.req().getRequestURI();
  }

  /**
   * Jetty's own answers to requests it refuses before Javalin sees them (a malformed request line, no Host, `%00`
   * or a `..` above the root in the path): the contract's JSON error body with Jetty's reason as the message,
   * where Jetty's default is an HTML page.
   */
  static final class JsonErrors extends ErrorHandler {
    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause, Callback callback) {
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, HttpContract.JSON);
      response.write(true, ByteBuffer.wrap(JavalinJson.bytes(new ApiError(code, HttpStatus.getMessage(code), message))), callback);
    }
  }
}
