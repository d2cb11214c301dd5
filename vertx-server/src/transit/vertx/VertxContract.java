package transit.vertx;

import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.json.Json;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import transit.api.HttpContract;
import transit.api.Model.ApiError;

/**
 * What the contract asks of Vert.x beyond its own reading (docs/API.md, Errors and Protocol errors): requests its HTTP
 * codec lets through or cannot parse, a request framed two ways, a handler before the routes, and the router's errors
 * as the contract's JSON.
 */
final class VertxContract {
  private VertxContract() {}

  /**
   * Before any route: a dot segment or broken percent-encoding in the query, the contract's 400. Another method than
   * GET on a route's path (HEAD too) is the router's 405.
   */
  static void before(Router router) {
    router.route().handler(ctx -> {
      ApiError bad = HttpContract.badTarget(ctx.request().path(), ctx.request().query());
      if (bad != null) error(ctx, bad);
      else ctx.next();
    });
  }

  /** The router's own errors. */
  static void errors(Router router) {
    router.errorHandler(400, ctx -> error(ctx, HttpContract.malformedRequest())); // a path whose percent-encoding is broken
    router.errorHandler(404, ctx -> error(ctx, HttpContract.noSuchPath(ctx.request().path())));
    router.errorHandler(405, ctx -> error(ctx, HttpContract.methodNotAllowed(ctx.request().method().name(), ctx.request().path())));
  }

  /**
   * What Vert.x's HTTP codec lets through and the contract refuses, before the router (which would fail on it): an
   * HTTP/1.1 request without exactly one Host header, and a request target with a character no URI has (a control
   * character, a space, a backslash, raw non-ASCII), which the other servers' HTTP layers refuse as malformed.
   */
  static ApiError refused(HttpServerRequest request) {
    if (request.version() == HttpVersion.HTTP_1_1 && request.headers().getAll(HttpHeaders.HOST).size() != 1) return HttpContract.hostRequired();
    return HttpContract.notAUri(request.uri());
  }

  /** The contract's JSON error body with its status. */
  static void error(RoutingContext ctx, ApiError error) {
    ctx.response().setStatusCode(error.status());
    ctx.json(error);
  }

  /**
   * A request Vert.x's HTTP codec could not parse: Vert.x's own statuses (414 for a request line, 431 for headers over
   * the limit, else 400) with the contract's JSON error, and the connection closed, as Vert.x does.
   */
  static void invalid(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    ApiError error = cause instanceof TooLongHttpLineException ? new ApiError(414, "URI Too Long", HttpContract.headTooLarge().message())
        : cause instanceof TooLongHttpHeaderException ? HttpContract.headTooLarge()
        : HttpContract.malformedRequest();
    request.response().setStatusCode(error.status()).putHeader(HttpHeaders.CONTENT_TYPE, HttpContract.JSON)
        .end(Json.encodeToBuffer(error)).onComplete(sent -> request.connection().close());
  }

  /**
   * A request framed both by Content-Length and by Transfer-Encoding refused as malformed, the connection closed after
   * (RFC 9112 §6.1 lets a server refuse it, and bids one that answers it close), where Netty's decoder drops the
   * Content-Length and reads on: Vert.x's decoder, in its place as the connection opens (before any byte is read), with
   * the hook Netty's decoder gives for such a request.
   */
  static void oneFraming(HttpConnection connection, HttpServerOptions options) {
    if (connection instanceof ConnectionBase base && base.channel().pipeline().get(DECODER) instanceof VertxHttpRequestDecoder)
      base.channel().pipeline().replace(DECODER, DECODER, new OneFraming(options));
  }

  /** Vert.x's name for its request decoder in a connection's pipeline. */
  private static final String DECODER = "httpDecoder";

  private static final class OneFraming extends VertxHttpRequestDecoder {
    OneFraming(HttpServerOptions options) { super(options); }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
      throw new IllegalArgumentException("framed both by Content-Length and by Transfer-Encoding"); // the decoder's invalid message
    }
  }

  /** A client gone mid-response is no news; anything else is printed. */
  static void connectionFailed(Throwable e) {
    if (!(e instanceof IOException) && !(e instanceof io.vertx.core.VertxException && "Connection was closed".equals(e.getMessage()))) {
      e.printStackTrace();
    }
  }
}
