package transit.vertx;

import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import transit.api.HttpContract;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.Mode;
import transit.server.SchedulesAnswer;

/**
 * The route contract (docs/API.md) on a vertx-web Router; JSON by Vert.x's Jackson codec (VertxJson), or streamed
 * from the feed's arrays when tuned. Nothing in a handler blocks the event loop: a /schedules answer is decided (it may
 * wait for room in the heap) and encoded on a worker pool of its own (answerWorkers: VertxServer says how large), then
 * written as the client takes it, watched by the event loop's slowReaders with the limits on (null with them off).
 */
record VertxRoutes(TransitApi api, Mode mode, WorkerExecutor answerWorkers, VertxLimits.SlowReaders slowReaders) {
  Router router(Vertx vertx) {
    Router router = Router.router(vertx);
    VertxContract.before(router);
    router.get("/").handler(ctx -> text(ctx, TransitApi.helloWorld()));
    router.get("/greeting/:name").handler(ctx -> {
      TransitApi.Reply<String> greeting = TransitApi.greeting(ctx.pathParam("name"));
      if (greeting.isOk()) text(ctx, greeting.body());
      else VertxContract.error(ctx, greeting.error());
    });
    router.get("/hello").handler(ctx -> reply(ctx, TransitApi.hello(ctx.request().getParam("name"))));
    router.get("/health").handler(ctx -> ctx.json(api.health()));
    router.get("/schedules/:route_id").handler(this::schedules);
    router.get("/stops/:stop_id/departures").handler(ctx -> reply(ctx, api.departures(ctx.pathParam("stop_id"),
        ctx.request().getParam("date"), ctx.request().getParam("after"), ctx.request().getParam("limit"))));
    VertxContract.errors(router);
    return router;
  }

  /**
   * Core's answer: at once on the event loop when it is ready (kept bytes, a streamed answer with room), else decided on
   * the worker pool (it may wait for room in the heap), an idiomatic one encoded there too (10 MB encoded on the event
   * loop would hold it for everyone); then written from the event loop, its heap given back once sent or disconnected.
   */
  private void schedules(RoutingContext ctx) {
    String routeId = ctx.pathParam("route_id"), date = ctx.request().getParam("date");
    String acceptEncoding = ctx.request().getHeader(HttpHeaders.ACCEPT_ENCODING);
    ctx.response().putHeader(HttpHeaders.VARY, HttpContract.VARY); // Vert.x's compression says no Vary of its own
    // Netty would answer a coding the request refused (deflate to "deflate;q=0, br"): Vert.x compresses no identity answer
    if (HttpContract.refusesGzip(acceptEncoding)) ctx.response().putHeader(HttpHeaders.CONTENT_ENCODING, HttpHeaders.IDENTITY);
    SchedulesAnswer atOnce = SchedulesAnswer.atOnce(api, mode, routeId, date, acceptEncoding);
    if (atOnce != null) {
      render(ctx, atOnce);
      return;
    }
    answerWorkers.executeBlocking(() -> {
      SchedulesAnswer answer = SchedulesAnswer.of(api, mode, routeId, date, acceptEncoding, VertxJson::encode);
      return answer instanceof SchedulesAnswer.ToEncode model ? new EncodedModel(model, Json.encodeToBuffer(model.trips())) : answer;
    }, false).onComplete(done -> {
      if (done.failed()) ctx.fail(done.cause());
      else render(ctx, done.result());
    });
  }

  /** An answer on the response: bodies of kept or encoded bytes whole, or paced with the limits on beyond what goes whole; streamed ones paced. */
  private void render(RoutingContext ctx, Object answer) {
    if (answer instanceof EncodedModel encoded) {
      json(ctx, 200).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(encoded.body().length()));
      if (slowReaders == null) ctx.response().end(encoded.body()).onComplete(sent -> encoded.answer().close());
      else paced(ctx, VertxLimits.PacedBody.slices(encoded.body(), slowReaders), encoded.answer()::close);
    } else if (answer instanceof SchedulesAnswer.Streamed streamed) {
      stream(ctx, streamed);
    } else if (answer instanceof SchedulesAnswer.Cached cached) {
      ResponseCache.Encoded kept = cached.encoded();
      json(ctx, kept.status()).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(kept.body().length));
      // gzipped bytes as they are: Vert.x compresses no response that has a Content-Encoding
      if (kept.gzipped()) ctx.response().putHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
      if (slowReaders == null) ctx.response().end(Buffer.buffer(kept.body()));
      else paced(ctx, VertxLimits.PacedBody.slices(kept.body(), slowReaders), () -> {});
    } else if (answer instanceof SchedulesAnswer.Failed failed) {
      VertxContract.error(ctx, failed.error());
    } else if (answer instanceof SchedulesAnswer.Busy busy) {
      ctx.response().putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(busy.retryAfterSeconds()));
      VertxContract.error(ctx, busy.error());
    }
  }

  private void paced(RoutingContext ctx, VertxLimits.PacedBody.Chunks chunks, Runnable done) {
    VertxLimits.PacedBody.send(ctx.response(), ctx.request().connection(), slowReaders, chunks, done);
  }

  private record EncodedModel(SchedulesAnswer.ToEncode answer, Buffer body) {} // an idiomatic answer, encoded off the event loop

  /**
   * Tuned: the JSON written from the feed's arrays a chunk at a time, each produced once the last is on its way to the
   * client (PacedBody, limits on or off), so a 10 MB answer is never held whole; its length counted first, so the body
   * goes out as it is, not framed in chunks.
   */
  private void stream(RoutingContext ctx, SchedulesAnswer.Streamed streamed) {
    RouteTrips trips = streamed.trips();
    json(ctx, 200).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(new SchedulesJson(trips).length()));
    SchedulesJson json = new SchedulesJson(trips, SchedulesJson.CHUNK_BYTES);
    paced(ctx, () -> {
      int length = json.next();
      return length == 0 ? null : Buffer.buffer(json.takeBuffer()).slice(0, length);
    }, streamed::close);
  }

  private static HttpServerResponse json(RoutingContext ctx, int status) {
    return ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, HttpContract.JSON);
  }

  private static void text(RoutingContext ctx, String body) {
    ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, HttpContract.TEXT).end(body);
  }

  private static void reply(RoutingContext ctx, TransitApi.Reply<?> reply) {
    if (reply.isOk()) ctx.json(reply.body());
    else VertxContract.error(ctx, reply.error());
  }
}
