package transit;

import com.univocity.parsers.common.TextParsingException;
import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One GTFS table read with univocity: columns found by header name (any order, extra columns ignored,
 * a UTF-8 BOM and stray spaces in names tolerated), rows handed over with their line number.
 *
 * <p>The header is read first; then the rows, with univocity handing over only the columns asked for
 * ({@link #required}, {@link #optional}). (Its fast path still cuts every unquoted value out of its buffer as a
 * String; the path that does not, escapeUnquotedValues, allocates less but took longer: docs/RESULTS.md, figures
 * moved from the code.) The header's last column is always
 * read too: a row that lacks it is short, and is reported as such. An empty value is "", never null.
 */
final class CsvFile implements AutoCloseable {
  /** Opens the table's bytes: once for the header, once for the rows, and again only to explain an error. */
  interface Source {
    InputStream open() throws IOException;
  }

  interface RowHandler {
    void row(String[] row, long line);
  }

  /** Longest value accepted; an unterminated quote runs into it on a large file. */
  static final int MAX_VALUE_CHARS = 1 << 16;

  final String name;
  private final Source source;
  private final String[] header;
  private final boolean[] selected;
  private final boolean concurrentInput;
  private final boolean smallFile;
  private CsvParser parser;

  /** A file this small is read again after its last row, to check for a quote left open at its end. */
  private static final long SMALL_FILE_BYTES = 1 << 20;

  /**
   * Reads the header. concurrentInput: univocity reads (and inflates) on its own thread, for a second core.
   * size: the file's bytes, -1 if unknown.
   */
  CsvFile(String name, Source source, long size, boolean concurrentInput) throws IOException {
    this.name = name;
    this.source = source;
    this.concurrentInput = concurrentInput;
    this.smallFile = size >= 0 && size < SMALL_FILE_BYTES;
    CsvParser headerParser = new CsvParser(settings(false, 1 << 14));
    String[] first;
    try (InputStream in = source.open()) {
      headerParser.beginParsing(new InputStreamReader(in, StandardCharsets.UTF_8));
      first = parseNext(headerParser, 0);
      if (first != null && headerParser.getContext().currentLine() > 1) {
        long open = openQuoteLine(1);
        if (open > 0) throw unterminatedQuote(open);
      }
    } finally {
      headerParser.stopParsing();
    }
    if (first == null) throw new FeedException(name + ": the file is empty (expected a header row)");
    header = new String[first.length];
    for (int i = 0; i < first.length; i++) {
      String h = first[i] == null ? "" : first[i];
      header[i] = h.replace("\uFEFF", "").trim();
    }
    selected = new boolean[header.length];
  }

  private CsvParserSettings settings(boolean concurrent, int bufferChars) {
    CsvParserSettings settings = new CsvParserSettings();
    settings.setLineSeparatorDetectionEnabled(true); // LF or CRLF
    settings.setMaxColumns(1024);
    settings.setCommentProcessingEnabled(false); // GTFS has no comments: a row opening with # is a row
    settings.setMaxCharsPerColumn(MAX_VALUE_CHARS);
    settings.setErrorContentLength(0); // univocity's messages would otherwise quote up to 64 KB of the feed
    settings.setReadInputOnSeparateThread(concurrent);
    settings.setInputBufferSize(bufferChars);
    return settings;
  }

  /** The index of a column the file must have; its values will be read. */
  int required(String column) {
    int i = optional(column);
    if (i < 0) throw new FeedException(name + ": required column " + column + " is missing (header: " + String.join(",", header) + ")");
    return i;
  }

  /** The index of a column, or -1 when the file does not have it; its values will be read. */
  int optional(String column) {
    for (int i = 0; i < header.length; i++) {
      if (header[i].equals(column)) {
        selected[i] = true;
        return i;
      }
    }
    return -1;
  }

  /**
   * Hands every row over, with the line it ends on. row[i] is the value of column i for the columns asked for
   * ("" when empty); other columns are null. A row with fewer fields than the header is an error.
   */
  void forEachRow(RowHandler handler) {
    int last = header.length - 1;
    selected[last] = true;
    int[] indexes = new int[header.length];
    int count = 0;
    for (int i = 0; i < header.length; i++) if (selected[i]) indexes[count++] = i;
    CsvParserSettings settings = settings(concurrentInput, 1 << 16);
    settings.selectIndexes(Arrays.stream(indexes, 0, count).boxed().toArray(Integer[]::new));
    settings.setColumnReorderingEnabled(false); // rows keep the file's column positions, missing ones null
    settings.setHeaderExtractionEnabled(true);
    settings.setNullValue("");
    settings.setEmptyValue("");
    parser = new CsvParser(settings);
    try {
      parser.beginParsing(new InputStreamReader(source.open(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long previous = 1, lastStart = 1; // the line the previous row ended on; the line after the one before
    boolean multiLine = false;
    String[] row, lastRow = null;
    while ((row = parseNext(parser, previous)) != null) {
      long line = parser.getContext().currentLine();
      // Usually a row is one line; more means blank lines before it, or a quoted value with line breaks in it,
      // which may be an opening quote that is never closed: checked when something is wrong with the row.
      multiLine = line > previous + 1;
      if (row[last] == null) {
        throwIfUnterminatedQuote(previous + 1);
        FeedException shortRow = shortRow(line);
        if (shortRow != null) throw shortRow;
        previous = line;
        continue; // a line of blanks
      }
      try {
        handler.row(row, line);
      } catch (FeedException e) {
        throwIfUnterminatedQuote(previous + 1);
        throw e;
      }
      lastStart = previous + 1;
      previous = line;
      lastRow = row;
    }
    // A quote opened in the last row runs to the end of the file, where univocity ends the value without a word.
    if (lastRow != null && (multiLine || hasLineBreak(lastRow) || smallFile)) throwIfUnterminatedQuote(lastStart);
  }

  private static boolean hasLineBreak(String[] row) {
    for (String value : row) if (value != null && (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0)) return true;
    return false;
  }

  private String[] parseNext(CsvParser parser, long previousLine) {
    try {
      return parser.parseNext();
    } catch (TextParsingException e) {
      for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause())
        if (cause instanceof IOException io) throw new FeedException(name + ": cannot read: " + io.getMessage(), io);
      throwIfUnterminatedQuote(previousLine + 1);
      String why = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("").trim();
      throw new FeedException(name + " line " + (previousLine + 1) + ": " + FeedException.shorten(why));
    }
  }

  private void throwIfUnterminatedQuote(long fromLine) {
    long open = openQuoteLine(fromLine);
    if (open > 0) throw unterminatedQuote(open);
  }

  private FeedException unterminatedQuote(long line) {
    return new FeedException(name + " line " + line + ": a quoted value starts on this line and never ends (unterminated quote)");
  }

  /**
   * The line of a quote opened at or after fromLine that is not closed before the end of the file or within
   * MAX_VALUE_CHARS characters, or -1. Quotes open only at the start of a value and "" inside quotes is one
   * quote, as in univocity. Only runs to explain an error, so it reads the file again rather than slow the parse.
   */
  long openQuoteLine(long fromLine) {
    try (InputStream in = new BufferedInputStream(source.open(), 1 << 16)) {
      long line = 1, openedOn = -1, quotedChars = 0;
      boolean inQuotes = false, valueStart = true;
      int b;
      while ((b = in.read()) >= 0) {
        if (inQuotes) {
          if (++quotedChars > MAX_VALUE_CHARS) return openedOn;
          if (b == '"') {
            in.mark(1);
            if (in.read() != '"') {
              in.reset();
              inQuotes = false;
            }
          } else if (b == '\n') {
            line++;
          }
          continue;
        }
        if (b == '\n') {
          line++;
          valueStart = true;
        } else if (b == ',') {
          valueStart = true;
        } else if (b == '"' && valueStart && line >= fromLine) {
          inQuotes = true;
          openedOn = line;
          quotedChars = 0;
        } else if (b != ' ' && b != '\t' && b != '\r') {
          valueStart = false;
        }
      }
      return inQuotes ? openedOn : -1;
    } catch (IOException e) {
      return -1;
    }
  }

  /** The error for a row with fewer fields than the header, parsed again in full to show it; null for a line of blanks. */
  private FeedException shortRow(long line) {
    String[] fields = null;
    CsvParser full = new CsvParser(settings(false, 1 << 14));
    try (InputStream in = source.open()) {
      full.beginParsing(new InputStreamReader(in, StandardCharsets.UTF_8));
      String[] row;
      while ((row = full.parseNext()) != null && full.getContext().currentLine() <= line) fields = row;
    } catch (IOException | TextParsingException e) {
      // described without the row's fields
    } finally {
      full.stopParsing();
    }
    if (fields != null && fields.length == 1 && fields[0] == null) return null;
    int count = fields == null ? 0 : fields.length;
    return new FeedException(name + " line " + line + ": " + (fields == null ? "fewer" : count) + " fields, but the header has " + header.length
        + " (" + String.join(",", header) + ")" + (fields == null ? "" : "; row: " + FeedException.shorten(Arrays.toString(fields))));
  }

  /** A value that must not be empty. */
  String requiredValue(String[] row, int column, long line) {
    String value = row[column];
    if (value.isEmpty()) throw FeedException.badValue(name, line, header[column], "", "a value is required");
    return value;
  }

  int intValue(String[] row, int column, long line) {
    String value = requiredValue(row, column, line);
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw FeedException.badValue(name, line, header[column], value, "not an integer");
    }
  }

  int timeValue(String[] row, int column, long line) {
    String value = row[column];
    try {
      return GtfsTime.parse(value);
    } catch (IllegalArgumentException e) {
      throw FeedException.badValue(name, line, header[column], value, "not a time: " + e.getMessage());
    }
  }

  java.time.LocalDate dateValue(String[] row, int column, long line) {
    String value = requiredValue(row, column, line);
    try {
      return ServiceCalendar.parseDate(value);
    } catch (IllegalArgumentException e) {
      throw FeedException.badValue(name, line, header[column], value, "not a date: " + e.getMessage());
    }
  }

  String column(int index) { return header[index]; }

  /** Characters parsed so far by the row pass. */
  long charsRead() { return parser == null ? 0 : parser.getContext().currentChar(); }

  @Override
  public void close() {
    if (parser != null) parser.stopParsing();
  }
}
