package transit.javalin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.ee10.servlet.ServletContextResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import transit.api.HttpContract;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.Mode;
import transit.server.SchedulesAnswer;

/**
 * The route contract (docs/API.md) on Javalin 7, as lambda handlers; JSON encoded by Jackson from core's records
 * (JavalinJson), or streamed from the feed's arrays when tuned.
 */
final class JavalinRoutes {
  private JavalinRoutes() {}

  static void add(RoutesConfig routes, TransitApi api, Mode mode) {
    routes.get("/", ctx -> text(ctx, TransitApi.helloWorld()));
    routes.get("/greeting/{name}", ctx -> {
      TransitApi.Reply<String> greeting = TransitApi.greeting(ctx.pathParam("name"));
      if (greeting.isOk()) text(ctx, greeting.body());
      else ctx.status(greeting.status()).json(greeting.error());
    });
    routes.get("/hello", ctx -> reply(ctx, TransitApi.hello(ctx.queryParam("name"))));
    routes.get("/health", ctx -> ctx.json(api.health()));
    routes.get("/schedules/{route_id}", ctx -> {
      SchedulesAnswer answer = SchedulesAnswer.of(api, mode, ctx.pathParam("route_id"), ctx.queryParam("date"),
          ctx.header("Accept-Encoding"), JavalinJson::encode);
      ctx.header("Vary", HttpContract.VARY);
      // the heap the answer reserved is given back once Jetty has sent the response, or failed to
      Request.addCompletionListener(ServletContextRequest.getServletContextRequest(ctx.req()), failure -> answer.close());
      if (answer instanceof SchedulesAnswer.ToEncode model) ctx.json(model.trips());
      else if (answer instanceof SchedulesAnswer.Streamed streamed) stream(ctx, streamed.trips());
      else if (answer instanceof SchedulesAnswer.Cached cached) send(ctx, cached.encoded());
      else if (answer instanceof SchedulesAnswer.Failed failed) ctx.status(failed.error().status()).json(failed.error());
      else if (answer instanceof SchedulesAnswer.Busy busy)
        ctx.status(503).header("Retry-After", String.valueOf(busy.retryAfterSeconds())).json(busy.error());
    });
    routes.get("/stops/{stop_id}/departures", ctx -> reply(ctx, api.departures(ctx.pathParam("stop_id"),
        ctx.queryParam("date"), ctx.queryParam("after"), ctx.queryParam("limit"))));
  }

  /**
   * A text/plain body. Through the servlet API Jetty rewrites "text/plain; charset=utf-8" to its cached
   * "text/plain;charset=utf-8", so the contract's exact header is set on Jetty's own response instead.
   */
  private static void text(Context ctx, String body) {
    ServletContextResponse.getServletContextResponse(ctx.res()).getWrapped().getHeaders()
        .put(HttpHeader.CONTENT_TYPE, HttpContract.TEXT);
    ctx.result(body);
  }

  /** Kept bytes, gzipped ones as they are: Javalin compresses no answer that has a Content-Encoding. */
  private static void send(Context ctx, ResponseCache.Encoded encoded) {
    if (encoded.gzipped()) ctx.header("Content-Encoding", "gzip");
    ctx.status(encoded.status()).contentType(HttpContract.JSON).result(encoded.body());
  }

  /**
   * Tuned: the JSON written to the response's output stream as it is produced, from the feed's arrays; no
   * model, no whole-response array (a 10 MB one would be a humongous object for G1). Its length is counted
   * first, so the body goes out as it is, not framed in chunks; not where the request names codings, which Javalin's
   * compression may take (it would keep the identity length on a gzipped body).
   */
  private static void stream(Context ctx, RouteTrips trips) throws IOException {
    if (ctx.header("Accept-Encoding") == null) ctx.res().setContentLengthLong(new SchedulesJson(trips).length());
    SchedulesJson.write(trips, ctx.contentType(HttpContract.JSON).outputStream());
  }

  private static void reply(Context ctx, TransitApi.Reply<?> reply) {
    if (reply.isOk()) ctx.json(reply.body());
    else ctx.status(reply.status()).json(reply.error());
  }
}
