package transit.quarkus;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import transit.api.HttpContract;
import transit.api.Model.ApiError;

/**
 * What the contract asks of Quarkus REST beyond its own reading (docs/API.md, Errors and Protocol errors): a filter
 * before matching, and Quarkus REST's own not-found and not-allowed answers as the contract's JSON, through its
 * annotations for both.
 */
public class QuarkusContract {
  /** The target as sent, still percent-encoded, as Vert.x read it. */
  static String target(HttpServerRequest request) { return request.uri(); }

  /** The path of the target as sent: from an absolute-form target (http://host/path) its path alone. */
  static String path(HttpServerRequest request) {
    String target = target(request);
    int query = target.indexOf('?');
    return HttpContract.originPath(query < 0 ? target : target.substring(0, query));
  }

  /**
   * A path parameter as the contract reads it: Quarkus REST drops a segment's ;parameters (matrix parameters, which
   * JAX-RS reads apart), where every other server keeps them in the id. given: Quarkus's value; index: the parameter's
   * segment, from 0.
   */
  static String variable(HttpServerRequest request, String given, int index) {
    return HttpContract.pathVariable(path(request), index, given, ';');
  }

  /**
   * A query parameter as the contract reads it: Quarkus REST reads one given without '=' (?date) as absent, where every
   * other server reads it as empty (a 400 for a date). given: Quarkus's value.
   */
  static String query(HttpServerRequest request, String name, String given) {
    return given != null ? given : request.params().get(name);
  }

  /**
   * Vert.x refuses an HTTP/1.1 request without a Host header before any route, and Quarkus answers it with its own
   * error body: the contract's instead, from a failure handler ahead of Quarkus's.
   */
  void hostRequired(@Observes Router router) {
    router.route().order(Integer.MIN_VALUE).failureHandler(context -> {
      Throwable failure = context.failure();
      if (failure != null && String.valueOf(failure.getMessage()).contains("'Host' header")) {
        byte[] body = QuarkusJson.bytes(HttpContract.hostRequired());
        context.response().setStatusCode(400).putHeader("Content-Type", HttpContract.JSON).end(io.vertx.core.buffer.Buffer.buffer(body));
      } else context.next();
    });
  }

  /** The method no resource serves: a request with another method than GET is matched with it, and so refused. */
  static final String NOT_GET = "NOT-GET";

  /**
   * Before matching: a target with a character no URI has, a dot segment or broken percent-encoding in the query, an
   * HTTP/1.1 request without exactly one Host header, the contract's 400; another method than GET is matched as none
   * served (HEAD and OPTIONS too, which Quarkus REST would answer from a GET resource), so 405 on a served path, else
   * 404.
   */
  @ServerRequestFilter(preMatching = true)
  public Response refuse(ContainerRequestContext context, HttpServerRequest request) {
    ApiError bad = refused(request);
    if (bad != null) return error(bad);
    if (!request.method().name().equals("GET")) context.setMethod(NOT_GET);
    return null;
  }

  private static ApiError refused(HttpServerRequest request) {
    String target = target(request);
    ApiError bad = HttpContract.notAUri(target);
    if (bad != null) return bad;
    int query = target.indexOf('?');
    bad = HttpContract.badTarget(path(request), query < 0 || query == target.length() - 1 ? null : target.substring(query + 1));
    if (bad != null) return bad;
    if (request.version() == HttpVersion.HTTP_1_1 && request.headers().getAll("Host").size() != 1) return HttpContract.hostRequired();
    return null;
  }

  @ServerExceptionMapper
  public Response noSuchPath(NotFoundException e, HttpServerRequest request) {
    return error(HttpContract.noSuchPath(path(request)));
  }

  @ServerExceptionMapper
  public Response notAllowed(NotAllowedException e, HttpServerRequest request) {
    return error(HttpContract.methodNotAllowed(request.method().name(), path(request)));
  }

  /** The contract's JSON error body with its status. */
  static Response error(ApiError error) { return Response.status(error.status()).type(HttpContract.JSON).entity(error).build(); }
}
