package transit.helidon;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.helidon.http.media.MediaContext;
import io.helidon.http.media.jackson.JacksonSupport;
import java.io.UncheckedIOException;
import java.util.List;
import transit.api.Model.FeedSummary;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/** JSON as Helidon writes it: Jackson through Helidon's media support (res.send(object)), with the contract's mapper. */
public final class HelidonJson {
  private HelidonJson() {}

  /** Core's records as the contract writes them: snake_case keys in component order, compact, UTF-8. */
  static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
          // characters beyond U+FFFF as UTF-8, not as two escaped surrogates: the contract's bytes
          .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build())
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .addMixIn(FeedSummary.class, FeedSummaryKeys.class);

  /** The one key that is not its component's name in snake_case: loadMillis is load_ms on the wire. */
  abstract static class FeedSummaryKeys {
    @JsonProperty("load_ms") abstract long loadMillis();
  }

  /** The server's media: Jackson with this mapper, as Helidon's docs register it, and nothing found on the classpath besides. */
  static MediaContext media() {
    return MediaContext.builder().mediaSupportsDiscoverServices(false).addMediaSupport(JacksonSupport.create(MAPPER)).build();
  }

  static byte[] encode(TransitApi.Reply<?> reply) { return bytes(reply.isOk() ? reply.body() : reply.error()); }

  /** The /schedules body as res.send(trips) writes it: Jackson's writer on the response's stream. */
  public static byte[] schedules(List<TripSchedule> trips) { return bytes(trips); }

  static byte[] bytes(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
