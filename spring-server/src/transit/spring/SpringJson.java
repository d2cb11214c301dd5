package transit.spring;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import transit.api.Model.FeedSummary;
import transit.api.Model.TripSchedule;

/**
 * Jackson 3 as Boot's message converter writes it, configured once here: for the server through a
 * JsonMapperBuilderCustomizer, and as a mapper of its own for the encoder JMH measures.
 */
final class SpringJson {
  private SpringJson() {}

  /** Core's records as the contract writes them: snake_case keys in component order, compact, UTF-8. */
  static JsonMapper.Builder contract(JsonMapper.Builder builder) {
    return builder
        .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
        .addMixIn(FeedSummary.class, FeedSummaryKeys.class)
        // characters beyond U+FFFF as UTF-8, not as two escaped surrogates: the contract's bytes
        .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);
  }

  /** The one key that is not its component's name in snake_case: loadMillis is load_ms on the wire. */
  abstract static class FeedSummaryKeys {
    @JsonProperty("load_ms") abstract long loadMillis();
  }

  private static final JsonMapper MAPPER = contract(JsonMapper.builder()).build();

  /** The /schedules body as the message converter writes it: Jackson's bytes, straight to the response. */
  static byte[] schedules(List<TripSchedule> trips) { return MAPPER.writeValueAsBytes(trips); }

  /** An answer encoded for the response cache, as the server would write it. */
  static byte[] bytes(Object value) { return MAPPER.writeValueAsBytes(value); }
}
