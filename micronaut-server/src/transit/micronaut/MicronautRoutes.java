package transit.micronaut;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.core.io.buffer.ReadBuffer;
import io.micronaut.core.io.buffer.ReadBufferFactory;
import io.micronaut.http.ServerHttpRequest;
import io.micronaut.http.body.ByteBody;
import io.micronaut.http.body.ByteBodyFactory;
import java.nio.ByteBuffer;
import java.util.OptionalLong;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import transit.api.HttpContract;
import transit.api.Model.FeedSummary;
import transit.api.ResponseCache;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.SchedulesAnswer;
import transit.server.ServerSettings;

/**
 * The route contract (docs/API.md) as a Micronaut controller: each @Get maps Micronaut's path variables and query
 * parameters onto core's TransitApi; JSON by Micronaut Serialization (MicronautJson), or streamed from the feed's arrays
 * when tuned.
 */
@Controller
class MicronautRoutes {
  private final TransitApi api;
  private final ServerSettings settings;

  MicronautRoutes(TransitApi api, ServerSettings settings) {
    this.api = api;
    this.settings = settings;
  }

  @Get(produces = HttpContract.TEXT)
  String helloWorld() {
    return TransitApi.helloWorld();
  }

  @Get("/greeting/{name:[^/]+}")
  HttpResponse<?> greeting(@PathVariable String name, HttpRequest<?> request) {
    TransitApi.Reply<String> greeting = TransitApi.greeting(MicronautContract.variable(request, name, 1));
    return greeting.isOk() ? HttpResponse.ok(greeting.body()).contentType(HttpContract.TEXT) : MicronautContract.error(greeting.error());
  }

  @Get("/hello")
  HttpResponse<?> hello(HttpRequest<?> request) {
    return reply(TransitApi.hello(query(request, "name")));
  }

  @Get("/health")
  FeedSummary health() {
    return api.health();
  }

  @Get("/stops/{stop_id:[^/]+}/departures")
  HttpResponse<?> departures(@PathVariable("stop_id") String stopId, HttpRequest<?> request) {
    return reply(api.departures(MicronautContract.variable(request, stopId, 1), query(request, "date"), query(request, "after"),
        query(request, "limit")));
  }

  /**
   * Core's answer, rendered: idiomatic, the model for Micronaut Serialization; tuned, core's writer a chunk at a time as
   * Micronaut asks for the next; cached, the kept bytes. On a blocking thread, as Micronaut's guides put blocking work
   * (virtual where the JDK has them): an answer may wait for room in the heap. The heap a model answer reserved is
   * given back once its response is written (MicronautLimits.afterResponse), a streamed one's once its last chunk is
   * handed over.
   */
  @Get("/schedules/{route_id:[^/]+}")
  @ExecuteOn(TaskExecutors.BLOCKING)
  HttpResponse<?> schedules(@PathVariable("route_id") String routeId, HttpRequest<?> request) {
    String acceptEncoding = request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
    SchedulesAnswer answer = SchedulesAnswer.of(api, settings.mode(), MicronautContract.variable(request, routeId, 1), query(request, "date"),
        acceptEncoding, MicronautJson::encode);
    MicronautContract.acceptEncoding(request);
    return rendered(answer, request).header(HttpHeaders.VARY, HttpContract.VARY); // Micronaut's compression says no Vary of its own
  }

  private static MutableHttpResponse<?> rendered(SchedulesAnswer answer, HttpRequest<?> request) {
    if (answer instanceof SchedulesAnswer.ToEncode model) {
      MicronautLimits.afterResponse(request, answer);
      return HttpResponse.ok(model.trips()).contentType(MediaType.APPLICATION_JSON_TYPE);
    } else if (answer instanceof SchedulesAnswer.Streamed streamed) {
      long length = new SchedulesJson(streamed.trips()).length();
      ByteBodyFactory bodies = ((ServerHttpRequest<?>) request).byteBodyFactory();
      ByteBody body = bodies.adapt(new Streaming(streamed, bodies.readBufferFactory()), OptionalLong.of(length));
      return HttpResponse.ok(body).contentType(MediaType.APPLICATION_JSON_TYPE).contentLength(length);
    } else if (answer instanceof SchedulesAnswer.Cached cached) {
      ResponseCache.Encoded kept = cached.encoded();
      MutableHttpResponse<?> response = HttpResponse.status(HttpStatus.valueOf(kept.status())).contentType(MediaType.APPLICATION_JSON_TYPE);
      // gzipped bytes as they are: Micronaut compresses no response that has a Content-Encoding
      if (kept.gzipped()) response.header(HttpHeaders.CONTENT_ENCODING, "gzip");
      return response.body(kept.body());
    } else if (answer instanceof SchedulesAnswer.Busy busy) {
      return MicronautContract.error(busy.error()).header("Retry-After", String.valueOf(busy.retryAfterSeconds()));
    }
    return MicronautContract.error(((SchedulesAnswer.Failed) answer).error());
  }

  /**
   * Tuned: the JSON written from the feed's arrays a chunk at a time, each as Micronaut asks for the next once the last
   * is on its way to the client (on the connection's event loop), so a 10 MB answer is never held whole; the answer
   * closed once the last is handed over or the client has gone. A body of bytes (Micronaut's ByteBody), so that
   * Micronaut writes it as it is, where a Publisher returned for a JSON route would be framed as a JSON array.
   */
  private static final class Streaming implements Publisher<ReadBuffer> {
    private final SchedulesAnswer.Streamed answer;
    private final ReadBufferFactory buffers;

    Streaming(SchedulesAnswer.Streamed answer, ReadBufferFactory buffers) {
      this.answer = answer;
      this.buffers = buffers;
    }

    @Override
    public void subscribe(Subscriber<? super ReadBuffer> subscriber) {
      SchedulesJson json = new SchedulesJson(answer.trips(), SchedulesJson.CHUNK_BYTES);
      subscriber.onSubscribe(new Subscription() {
        private long wanted;
        private boolean emitting, done;

        @Override
        public void request(long n) {
          wanted = wanted + n < 0 ? Long.MAX_VALUE : wanted + n;
          if (emitting) return; // asked from within onNext: the loop below goes on
          emitting = true;
          while (wanted > 0 && !done) {
            int length = json.next();
            if (length > 0) {
              wanted--;
              subscriber.onNext(buffers.adapt(ByteBuffer.wrap(json.takeBuffer(), 0, length)));
            }
            if (length < SchedulesJson.CHUNK_BYTES && !done) { // a chunk shorter than the chunk size is the last
              cancel();
              subscriber.onComplete();
            }
          }
          emitting = false;
        }

        @Override
        public void cancel() {
          if (done) return;
          done = true;
          answer.close();
        }
      });
    }
  }

  /**
   * A query parameter's first value, or null: the contract's reading of a parameter given twice, where @QueryValue
   * refuses to make one String of two values.
   */
  static String query(HttpRequest<?> request, String name) {
    return request.getParameters().getFirst(name).orElse(null);
  }

  private static HttpResponse<?> reply(TransitApi.Reply<?> reply) {
    return reply.isOk() ? HttpResponse.ok(reply.body()) : MicronautContract.error(reply.error());
  }

}
