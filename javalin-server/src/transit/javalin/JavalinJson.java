package transit.javalin;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.UncheckedIOException;
import java.util.List;
import transit.api.Model.FeedSummary;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/** Jackson as the server uses it: what the routes send, and the encoder JMH measures. */
public final class JavalinJson {
  private JavalinJson() {}

  /** Core's records as the contract writes them: snake_case keys in component order, compact, UTF-8. */
  public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
          // characters beyond U+FFFF as UTF-8, not as two escaped surrogates: the contract's bytes
          .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build())
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .addMixIn(FeedSummary.class, FeedSummaryKeys.class);

  /** The one key that is not its component's name in snake_case: loadMillis is load_ms on the wire. */
  abstract static class FeedSummaryKeys {
    @JsonProperty("load_ms") abstract long loadMillis();
  }

  public static byte[] encode(TransitApi.Reply<?> reply) {
    return bytes(reply.isOk() ? reply.body() : reply.error());
  }

  /** The /schedules body as ctx.json sends it: Jackson writes a String, which Javalin sends as UTF-8. */
  public static byte[] schedules(List<TripSchedule> trips) {
    try {
      return MAPPER.writeValueAsString(trips).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] bytes(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
