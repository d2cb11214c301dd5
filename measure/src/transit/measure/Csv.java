package transit.measure;

import com.univocity.parsers.common.record.Record;
import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import com.univocity.parsers.csv.CsvWriter;
import com.univocity.parsers.csv.CsvWriterSettings;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** CSV files of figures, written and read with univocity: a value holding a comma or a quote is quoted. */
public final class Csv {
  private Csv() {}

  /** A header line, then a line per row. */
  public static void write(Path file, List<String> header, Iterable<List<String>> rows) throws IOException {
    try (Writer out = Files.newBufferedWriter(file)) {
      CsvWriter csv = new CsvWriter(out, new CsvWriterSettings());
      csv.writeHeaders(header);
      for (List<String> row : rows) csv.writeRow(row);
      csv.close();
    }
  }

  /** Every row of a file written by {@link #write}, its values by header name. */
  public static List<Record> read(Path file) {
    CsvParserSettings settings = new CsvParserSettings();
    settings.setHeaderExtractionEnabled(true);
    return new CsvParser(settings).parseAllRecords(file.toFile());
  }
}
