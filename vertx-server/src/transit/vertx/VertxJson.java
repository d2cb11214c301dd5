package transit.vertx;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.vertx.core.json.Json;
import io.vertx.core.json.jackson.DatabindCodec;
import java.util.List;
import transit.api.Model.FeedSummary;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/**
 * JSON as Vert.x writes it: its codec (Json.encodeToBuffer, ctx.json) encodes with jackson-databind's mapper,
 * DatabindCodec.mapper(), configured here once as Vert.x's docs say to, for the contract's bytes.
 */
final class VertxJson {
  private VertxJson() {}

  /** Core's records as the contract writes them: snake_case keys in component order, compact, UTF-8. */
  static synchronized void configure() {
    if (configured) return;
    ObjectMapper mapper = DatabindCodec.mapper();
    mapper.setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    mapper.addMixIn(FeedSummary.class, FeedSummaryKeys.class);
    // characters beyond U+FFFF as UTF-8, not as two escaped surrogates: the contract's bytes
    mapper.setConfig(mapper.getSerializationConfig().with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8));
    configured = true;
  }

  private static boolean configured;

  /** The one key that is not its component's name in snake_case: loadMillis is load_ms on the wire. */
  abstract static class FeedSummaryKeys {
    @JsonProperty("load_ms") abstract long loadMillis();
  }

  static byte[] encode(TransitApi.Reply<?> reply) {
    return Json.encodeToBuffer(reply.isOk() ? reply.body() : reply.error()).getBytes();
  }

  /** The /schedules body as the server encodes it: Json.encodeToBuffer, a byte array Vert.x wraps. */
  static byte[] schedules(List<TripSchedule> trips) {
    configure();
    return Json.encodeToBuffer(trips).getBytes();
  }
}
