package transit.quarkus;

import io.netty.buffer.Unpooled;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import transit.api.HttpContract;
import transit.api.ResponseCache;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.SchedulesAnswer;
import transit.server.ServerSettings;

/**
 * The route contract (docs/API.md) as a Quarkus REST resource: each @GET maps Quarkus's path and query parameters onto
 * core's TransitApi; JSON by Quarkus's Jackson (QuarkusJson), or streamed from the feed's arrays when tuned. Methods
 * that return a Response run on Quarkus's worker pool, as its guides say of blocking work: an answer may wait for room
 * in the heap.
 */
@Path("/")
public class QuarkusRoutes {
  private final TransitApi api;
  private final ServerSettings settings;

  QuarkusRoutes(TransitApi api, ServerSettings settings) {
    this.api = api;
    this.settings = settings;
  }

  @GET
  public Response helloWorld() { return text(TransitApi.helloWorld()); }

  @GET
  @Path("greeting/{name}")
  public Response greeting(@RestPath String name, HttpServerRequest request) {
    TransitApi.Reply<String> greeting = TransitApi.greeting(QuarkusContract.variable(request, name, 1));
    return greeting.isOk() ? text(greeting.body()) : QuarkusContract.error(greeting.error());
  }

  @GET
  @Path("hello")
  public Response hello(@RestQuery String name, HttpServerRequest request) {
    return reply(TransitApi.hello(QuarkusContract.query(request, "name", name)));
  }

  @GET
  @Path("health")
  public Response health() { return Response.ok(api.health(), HttpContract.JSON).build(); }

  @GET
  @Path("stops/{stop_id}/departures")
  public Response departures(@RestPath("stop_id") String stopId, @RestQuery String date, @RestQuery String after, @RestQuery String limit,
      HttpServerRequest request) {
    return reply(api.departures(QuarkusContract.variable(request, stopId, 1), QuarkusContract.query(request, "date", date),
        QuarkusContract.query(request, "after", after), QuarkusContract.query(request, "limit", limit)));
  }

  /**
   * Core's answer, rendered: idiomatic, the model for Quarkus's Jackson; tuned, core's writer a chunk at a time, each
   * written once the last is on its way to the client, with its length (a QuarkusLimits.PacedBody); cached, the kept
   * bytes (with the limits on, a body beyond what a reader at the minimum rate takes within its window as a PacedBody
   * of slices). The heap an answer reserved is given back once its response has ended.
   */
  @GET
  @Path("schedules/{route_id}")
  public Response schedules(@RestPath("route_id") String routeId, @RestQuery String date, RoutingContext exchange) {
    SchedulesAnswer answer = SchedulesAnswer.of(api, settings.mode(), QuarkusContract.variable(exchange.request(), routeId, 1),
        QuarkusContract.query(exchange.request(), "date", date), exchange.request().getHeader("Accept-Encoding"), QuarkusJson::encode);
    exchange.response().putHeader("Vary", HttpContract.VARY); // Quarkus's compression says no Vary of its own
    // Netty would answer a coding the request refused (deflate to "deflate;q=0, br"): Vert.x compresses no identity
    // answer, once Quarkus, which takes an identity set before for its own marker, has let it go
    if (HttpContract.refusesGzip(exchange.request().getHeader("Accept-Encoding")))
      exchange.addHeadersEndHandler(headers -> exchange.response().putHeader("Content-Encoding", "identity"));
    if (answer instanceof SchedulesAnswer.ToEncode model) {
      exchange.addEndHandler(ended -> answer.close());
      return Response.ok(model.trips(), HttpContract.JSON).build();
    } else if (answer instanceof SchedulesAnswer.Streamed streamed) {
      exchange.addEndHandler(ended -> answer.close());
      SchedulesJson json = new SchedulesJson(streamed.trips(), SchedulesJson.CHUNK_BYTES);
      QuarkusLimits.PacedBody body = new QuarkusLimits.PacedBody(new SchedulesJson(streamed.trips()).length(), () -> {
        int length = json.next();
        return length == 0 ? null : Unpooled.wrappedBuffer(json.takeBuffer(), 0, length);
      });
      return Response.ok(body, HttpContract.JSON).build();
    } else if (answer instanceof SchedulesAnswer.Cached cached) {
      ResponseCache.Encoded kept = cached.encoded();
      // gzipped bytes as they are: Vert.x, under Quarkus, compresses no response that has a Content-Encoding
      if (kept.gzipped()) exchange.response().putHeader("Content-Encoding", "gzip");
      byte[] bytes = kept.body();
      Object body = bytes.length <= settings.limits().wholeBodyBytes() ? bytes : QuarkusLimits.PacedBody.slices(bytes, settings.limits().sliceBytes());
      return Response.status(kept.status()).type(HttpContract.JSON).entity(body).build();
    } else if (answer instanceof SchedulesAnswer.Busy busy) {
      return Response.fromResponse(QuarkusContract.error(busy.error())).header("Retry-After", busy.retryAfterSeconds()).build();
    }
    return QuarkusContract.error(((SchedulesAnswer.Failed) answer).error());
  }

  private static Response text(String body) { return Response.ok(body, HttpContract.TEXT).build(); }

  private static Response reply(TransitApi.Reply<?> reply) {
    return reply.isOk() ? Response.ok(reply.body(), HttpContract.JSON).build() : QuarkusContract.error(reply.error());
  }

}
