package transit.synth;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A deterministic, MBTA-shaped GTFS feed for load tests, written as a normal GTFS zip.
 *
 * <p>Shape at scale 1: the routes of the reference load tests (the union of the classpath lists
 * {@code /transit/routes/mbta-heavy.txt} and {@code mbta-small.txt}, about 106 routes), about 75,000 trips, about
 * 2,000,000 stop_times and a few thousand stops. Route sizes are heavy-tailed like MBTA's. Measured as the JSON a
 * route query returns (about 130 bytes per trip plus 80 per stop_time): the subway lines and buses 1, 28 and 39
 * are 4 to 7 MB, most buses 0.5 to 4.8 MB, the small-list routes (commuter rail, ferries, a few express buses)
 * 50 to 200 KB, and routes 627, 708 and 747 a few KB. That profile is fixed per route id. The seed varies only the
 * details (coordinates, names, run times, service hours, trip id numbers), so runs on different seeds are
 * comparable.
 *
 * <p>Each route has one stop pattern per direction, and all its trips follow it. Stop ids look like MBTA's:
 * numeric for buses, {@code 70001} platforms and {@code place-xxxxx} stations for the subway (the Green Line
 * branches share a trunk), {@code WOR-0123-01} for commuter rail, {@code Boat-Long} for ferries.
 * Trips run on weekday, Saturday and Sunday services per mode ({@code BUS2025-Weekday}, {@code RTL2025-Sunday},
 * and so on). They start at about 04:45. On late routes, service runs past midnight (times such as 25:10:00).
 * stop_sequence steps by 10 on the subway and by 1 elsewhere. calendar.txt covers 2026 and 2027, and
 * calendar_dates.txt replaces weekday (or Saturday) service with Sunday service on public holidays.
 * {@code scale} multiplies the trips of every route: service is more frequent over the same hours, and the routes
 * and stops stay the same.
 *
 * <p>The same seed and scale always give a byte-identical zip. One seeded generator is consumed in a fixed order,
 * and the zip entry timestamps are constant.
 */
public final class SyntheticFeed {
  public static final long DEFAULT_SEED = 2024L;

  private static final String USAGE =
      "usage: SyntheticFeed --out PATH [--seed N] [--scale N]   (defaults: --seed " + DEFAULT_SEED + " --scale 1)";
  private static final String[] DAYS = {"Weekday", "Saturday", "Sunday"};
  private static final String[] DAY_CODES = {"011", "016", "017"}; // as in MBTA's bus trip ids
  private static final int[] DAY_START_DELAY = {0, 30 * 60, 75 * 60}; // weekend service starts later
  private static final String START_DATE = "20260101", END_DATE = "20271231";
  /** Public holidays in the calendar range; ones on a Sunday need no exception. */
  private static final String[] HOLIDAYS = {
    "20260101", "20260119", "20260216", "20260420", "20260525", "20260619", "20260704", "20260907", "20261012",
    "20261111", "20261126", "20261225", "20270101", "20270118", "20270215", "20270419", "20270531", "20270705",
    "20270906", "20271111", "20271125", "20271225"};
  private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2025, 1, 1, 0, 0);

  private static final Set<String> TINY = Set.of("627", "708", "747");
  private static final Set<String> WEEKDAY_ONLY = Set.of("351", "354", "627"); // express buses
  private static final Set<String> NORTH_SIDE = Set.of("CR-Fitchburg", "CR-Haverhill", "CR-Lowell", "CR-Newburyport");
  private static final Map<String, String> SILVER_LINE =
      Map.of("741", "SL1", "742", "SL2", "743", "SL3", "751", "SL4", "749", "SL5", "746", "SLW");
  // By route_type (0 light rail, 1 subway, 2 rail, 3 bus, 4 ferry): seconds between stops, km between stops.
  private static final int[] HOP_MIN = {80, 90, 240, 45, 900}, HOP_SPREAD = {70, 90, 360, 75, 900};
  private static final double[] SPACING_KM = {0.7, 1.3, 4.0, 0.35, 5.0};

  private static final String[][] GREEN_TRUNK = {
    {"place-gover", "Government Center"}, {"place-pktrm", "Park Street"}, {"place-boyls", "Boylston"},
    {"place-armnl", "Arlington"}, {"place-coecl", "Copley"}, {"place-hymnl", "Hynes Convention Center"},
    {"place-kencl", "Kenmore"}};
  private static final String[][] FERRY_STOPS = {
    {"Boat-Long", "Long Wharf"}, {"Boat-Charlestown", "Charlestown Navy Yard"}, {"Boat-Hingham", "Hingham"},
    {"Boat-Hull", "Hull"}, {"Boat-Logan", "Logan Airport Ferry Terminal"}, {"Boat-Lewis", "Lewis Mall Wharf"},
    {"Boat-Rowes", "Rowes Wharf"}, {"Boat-Quincy", "Fore River Shipyard"}, {"Boat-Winthrop", "Winthrop"}};
  private static final String[] PLACES = {
    "Harvard", "Central", "Kendall", "Porter", "Davis", "Alewife", "Sullivan", "Wellington", "Malden Center",
    "Oak Grove", "Haymarket", "Downtown Crossing", "Ruggles", "Jackson Square", "Forest Hills", "Nubian", "Ashmont",
    "Fields Corner", "Mattapan", "Quincy Center", "Braintree", "Wonderland", "Maverick", "Lechmere",
    "Union Square", "Cleveland Circle", "Boston College", "Heath Street", "Riverside", "Waltham", "Watertown Yard",
    "Newton Corner", "Roslindale Village", "Dedham Mall", "Hyde Park", "Chelsea", "Revere", "Lynn", "Salem",
    "Everett", "Charlestown", "Brighton Center", "Brookline Village", "Jamaica Plain", "Milton", "Arlington Center",
    "Lexington", "Belmont Center", "Medford", "Back Bay"};
  private static final String[] STREETS = {
    "Massachusetts Ave", "Washington St", "Centre St", "Blue Hill Ave", "Dorchester Ave", "Broadway",
    "Cambridge St", "Beacon St", "Harvard St", "Tremont St", "Columbus Ave", "Huntington Ave", "Boylston St",
    "Commonwealth Ave", "River St", "Main St", "Summer St", "Hyde Park Ave", "Warren St", "Talbot Ave", "Morton St",
    "Medford St", "Highland Ave", "Elm St", "Adams St", "Hancock St", "Gallivan Blvd", "Cummins Hwy",
    "American Legion Hwy", "Western Ave"};

  private record Stop(String id, String name, double lat, double lon) {}

  /** One direction of a route: its stops in order, the run time to each from the previous, the dwell at each. */
  private record Pattern(String[] stopIds, int[] hopSeconds, int[] dwellSeconds, String headsign) {}

  private record Route(String id, int type, String shortName, String longName, int trips, boolean weekdayOnly,
      int firstDeparture, int lastDeparture, Pattern[] patterns) {}

  private record Trip(Route route, int day, int direction, String id, int departure) {}

  private SyntheticFeed() {}

  /**
   * Writes the feed as a GTFS zip to {@code zip}. scale multiplies the number of trips (scale >= 1; 2 doubles
   * trips). Returns data rows (header excluded) written per file, in the order written.
   */
  public static Map<String, Long> write(Path zip, long seed, int scale) throws IOException {
    if (scale < 1) throw new IllegalArgumentException("scale must be >= 1: " + scale);
    Set<String> small = new LinkedHashSet<>(referenceRouteIds("mbta-small"));
    Set<String> routeIds = new LinkedHashSet<>(referenceRouteIds("mbta-heavy"));
    routeIds.addAll(small);
    Generator generator = new Generator(seed);
    for (String id : routeIds) generator.addRoute(id, small.contains(id));
    List<Trip> trips = generator.schedule(scale);
    Set<String> servicePrefixes = new TreeSet<>();
    for (Route route : generator.routes) servicePrefixes.add(servicePrefix(route.type));

    Path parent = zip.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
    Map<String, Long> rows = new LinkedHashMap<>();
    try (ZipOutputStream zos = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(zip), 1 << 16));
        Writer out = new BufferedWriter(new OutputStreamWriter(zos, UTF_8), 1 << 16)) {
      zos.setLevel(1); // fast: the feed is regenerated often, and size barely matters

      rows.put("agency.txt", entry(zos, out, "agency.txt",
          "agency_id,agency_name,agency_url,agency_timezone,agency_lang", text -> {
            text.append("1,MBTA,https://www.mbta.com,America/New_York,EN\n");
            return 1;
          }));

      rows.put("routes.txt", entry(zos, out, "routes.txt",
          "route_id,agency_id,route_short_name,route_long_name,route_type", text -> {
            for (Route route : generator.routes) {
              text.append(route.id).append(",1,");
              csv(text, route.shortName).append(',');
              csv(text, route.longName).append(',').append(route.type).append('\n');
            }
            return generator.routes.size();
          }));

      rows.put("stops.txt", entry(zos, out, "stops.txt", "stop_id,stop_name,stop_lat,stop_lon", text -> {
        for (Stop stop : generator.stops.values()) {
          text.append(stop.id).append(',');
          csv(text, stop.name).append(',')
              .append(String.format(Locale.ROOT, "%.6f,%.6f", stop.lat, stop.lon)).append('\n');
        }
        return generator.stops.size();
      }));

      rows.put("calendar.txt", entry(zos, out, "calendar.txt",
          "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date", text -> {
            String[] weekFlags = {"1,1,1,1,1,0,0", "0,0,0,0,0,1,0", "0,0,0,0,0,0,1"};
            for (String prefix : servicePrefixes) {
              for (int day = 0; day < 3; day++) {
                text.append(prefix).append('-').append(DAYS[day]).append(',').append(weekFlags[day])
                    .append(',').append(START_DATE).append(',').append(END_DATE).append('\n');
              }
            }
            return servicePrefixes.size() * 3L;
          }));

      rows.put("calendar_dates.txt", entry(zos, out, "calendar_dates.txt", "service_id,date,exception_type", text -> {
        long count = 0;
        for (String holiday : HOLIDAYS) {
          DayOfWeek dayOfWeek = LocalDate.parse(holiday, DateTimeFormatter.BASIC_ISO_DATE).getDayOfWeek();
          if (dayOfWeek == DayOfWeek.SUNDAY) continue;
          String removed = dayOfWeek == DayOfWeek.SATURDAY ? "Saturday" : "Weekday";
          for (String prefix : servicePrefixes) {
            text.append(prefix).append('-').append(removed).append(',').append(holiday).append(",2\n");
            text.append(prefix).append("-Sunday,").append(holiday).append(",1\n");
            count += 2;
          }
        }
        return count;
      }));

      rows.put("trips.txt", entry(zos, out, "trips.txt", "route_id,service_id,trip_id,trip_headsign,direction_id",
          text -> {
            for (Trip trip : trips) {
              text.append(trip.route.id).append(',').append(servicePrefix(trip.route.type)).append('-')
                  .append(DAYS[trip.day]).append(',').append(trip.id).append(',');
              csv(text, trip.route.patterns[trip.direction].headsign).append(',').append(trip.direction).append('\n');
              spill(out, text);
            }
            return trips.size();
          }));

      rows.put("stop_times.txt", entry(zos, out, "stop_times.txt",
          "trip_id,arrival_time,departure_time,stop_id,stop_sequence", text -> {
            long count = 0;
            for (Trip trip : trips) {
              Pattern pattern = trip.route.patterns[trip.direction];
              boolean slow = trip.day == 0 && isRushHour(trip.departure);
              int sequenceStep = trip.route.type <= 1 ? 10 : 1;
              int time = trip.departure;
              // Ids are generated here and never contain a comma, so only names need csv().
              for (int i = 0; i < pattern.stopIds.length; i++) {
                if (i > 0) time += slow ? pattern.hopSeconds[i] * 5 / 4 : pattern.hopSeconds[i];
                int arrival = time;
                time += pattern.dwellSeconds[i];
                text.append(trip.id).append(',');
                appendTime(text, arrival).append(',');
                appendTime(text, time).append(',').append(pattern.stopIds[i]).append(',')
                    .append((i + 1) * sequenceStep).append('\n');
              }
              count += pattern.stopIds.length;
              spill(out, text);
            }
            return count;
          }));
    }
    return rows;
  }

  /**
   * Route ids of the reference load tests, read from the classpath resource
   * {@code /transit/routes/<listName>.txt} ("mbta-heavy" or "mbta-small"). There is one id per line, and blank
   * lines are skipped.
   */
  public static List<String> referenceRouteIds(String listName) {
    String resource = "/transit/routes/" + listName + ".txt";
    try (InputStream in = SyntheticFeed.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalArgumentException("no route list on the classpath: " + resource);
      return new String(in.readAllBytes(), UTF_8).lines().map(String::strip).filter(id -> !id.isEmpty()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  /** CLI: --out PATH (required), --seed N, --scale N, --help. Prints one summary line. */
  public static void main(String[] args) {
    Path out = null;
    long seed = DEFAULT_SEED;
    int scale = 1;
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (flag.equals("--help") || flag.equals("-h")) {
        System.out.println(USAGE);
        return;
      }
      if (!flag.equals("--out") && !flag.equals("--seed") && !flag.equals("--scale")) fail("unknown flag: " + flag);
      if (i + 1 == args.length) fail("missing value for " + flag);
      String value = args[++i];
      try {
        switch (flag) {
          case "--out" -> out = Path.of(value);
          case "--seed" -> seed = Long.parseLong(value);
          default -> {
            scale = Integer.parseInt(value);
            if (scale < 1) fail("bad value for --scale: " + value + " (must be at least 1)");
          }
        }
      } catch (NumberFormatException | InvalidPathException e) {
        fail("bad value for " + flag + ": " + value);
      }
    }
    if (out == null) fail("missing required flag: --out");

    long start = System.nanoTime();
    try {
      Map<String, Long> rows = write(out, seed, scale);
      StringBuilder summary = new StringBuilder("wrote ").append(out).append(" (seed ").append(seed)
          .append(", scale ").append(scale).append("):");
      rows.forEach((file, count) -> summary.append(' ').append(file).append('=').append(count));
      summary.append(" in ").append((System.nanoTime() - start) / 1_000_000).append(" ms, ")
          .append(Files.size(out)).append(" bytes");
      System.out.println(summary);
    } catch (IOException e) {
      System.err.println("cannot write " + out + ": " + e);
      System.exit(1);
    }
  }

  private static void fail(String message) {
    System.err.println(message);
    System.err.println(USAGE);
    System.exit(2);
  }

  /** Builds routes, their stops and patterns, and then their trips, drawing from one seeded generator in order. */
  private static final class Generator {
    final SplittableRandom random;
    final Map<String, Stop> stops = new LinkedHashMap<>(); // shared stops (hubs, the Green trunk) appear once
    final List<Route> routes = new ArrayList<>();
    // Numeric id ranges never overlap: bus stops stay below 64000, hubs are 64000-64019, platforms from 70001.
    int nextBusStop = 0, nextPlatform = 70001, nextStation = 1, busRoutes = 0;

    Generator(long seed) {
      random = new SplittableRandom(seed);
    }

    void addRoute(String id, boolean small) {
      int type = routeType(id);
      int[] profile = profile(id, type, small);
      int stopCount = profile[1];
      int trips = Math.max(2, (int) Math.round(profile[0] * 1000.0 / (130 + 80 * stopCount)));

      // Stations lie along a ray from downtown Boston; subway lines run straight through it.
      double bearing = random.nextDouble() * 2 * Math.PI, spacing = SPACING_KM[type];
      double startKm = type == 1 ? -stopCount / 2.0 * spacing : type == 3 ? 1 + random.nextDouble() * 6 : 0.3;
      int street = random.nextInt(STREETS.length);
      int ferryOffset = random.nextInt(FERRY_STOPS.length - 1), firstPlace = random.nextInt(PLACES.length);
      String[] outbound = new String[stopCount], inbound = new String[stopCount]; // the stop per direction
      String[] names = new String[stopCount];
      for (int i = 0; i < stopCount; i++) {
        double km = startKm + i * spacing;
        double lat = 42.3555 + km * Math.cos(bearing) / 111.0, lon = -71.0605 + km * Math.sin(bearing) / 82.0;
        String name = PLACES[(firstPlace + 7 * i) % PLACES.length]; // 7 and the 50 places are coprime: no repeats
        switch (type) {
          case 0 -> { // stations serve both directions; the Green branches share the trunk
            String stopId;
            if (id.startsWith("Green-") && i < GREEN_TRUNK.length) {
              stopId = GREEN_TRUNK[i][0];
              name = GREEN_TRUNK[i][1];
            } else {
              stopId = "place-" + name.substring(0, 3).toLowerCase(Locale.ROOT) + twoDigits(nextStation++);
            }
            outbound[i] = inbound[i] = stop(stopId, name, lat, lon);
          }
          case 1 -> { // one platform per direction
            outbound[i] = stop(String.valueOf(nextPlatform++), name, lat, lon);
            inbound[i] = stop(String.valueOf(nextPlatform++), name, lat + 0.0001, lon + 0.0001);
          }
          case 2 -> {
            if (i == 0) {
              boolean north = NORTH_SIDE.contains(id);
              name = north ? "North Station" : "South Station";
              outbound[i] = inbound[i] = stop(north ? "BNT-0000" : "NEC-2287", name, lat, lon);
            } else {
              String milepost = id.substring(3, 6).toUpperCase(Locale.ROOT) + "-" + fourDigits((int) (km * 6.2));
              outbound[i] = stop(milepost + "-01", name, lat, lon);
              inbound[i] = stop(milepost + "-02", name, lat + 0.0001, lon + 0.0001);
            }
          }
          case 4 -> {
            String[] ferryStop = FERRY_STOPS[i == 0 ? 0 : 1 + (ferryOffset + i) % (FERRY_STOPS.length - 1)];
            name = ferryStop[1];
            outbound[i] = inbound[i] = stop(ferryStop[0], name, lat, lon);
          }
          default -> {
            if (i == 0) { // a shared hub where many buses start
              int hub = random.nextInt(20);
              name = PLACES[hub];
              String hubName = hub % 5 == 0 ? PLACES[hub] + ", Busway" : PLACES[hub] + " Station";
              outbound[i] = inbound[i] = stop(String.valueOf(64000 + hub), hubName, lat, lon);
            } else { // a stop on each side of the street
              int crossStreet = (street + 1 + random.nextInt(STREETS.length - 1)) % STREETS.length;
              String stopName = STREETS[street] + " @ " + STREETS[crossStreet];
              nextBusStop += 1 + random.nextInt(4);
              outbound[i] = stop(String.valueOf(nextBusStop), stopName, lat, lon);
              nextBusStop += 1 + random.nextInt(4);
              inbound[i] = stop(String.valueOf(nextBusStop), stopName, lat + 0.0001, lon + 0.0001);
            }
          }
        }
        names[i] = name;
      }

      String origin = names[0], destination = names[stopCount - 1];
      if (destination.equals(origin)) destination = names[stopCount - 2]; // a bus hub can share the last name
      String outboundSign = destination, inboundSign = origin;
      if (type == 3 && busRoutes++ % 6 == 0) { // some headsigns carry a comma, as MBTA's do
        String middle = names[stopCount / 2].equals(origin) ? names[stopCount / 2 + 1] : names[stopCount / 2];
        String via = ", via " + middle;
        outboundSign += via;
        inboundSign += via;
      }
      String[] reversed = new String[stopCount];
      for (int i = 0; i < stopCount; i++) reversed[i] = inbound[stopCount - 1 - i];
      Pattern[] patterns = {pattern(type, outbound, outboundSign), pattern(type, reversed, inboundSign)};

      String longName = switch (type) {
        case 0 -> id.startsWith("Green-") ? "Green Line " + id.substring(6) : "Mattapan Trolley";
        case 1 -> id + " Line";
        case 2 -> id.substring(3) + " Line";
        case 4 -> origin + " - " + destination + " Ferry";
        default -> origin + " - " + destination;
      };
      String shortName = type == 3 ? SILVER_LINE.getOrDefault(id, id) : type == 4 ? id.substring(5) : "";
      boolean late = type <= 1
          || type == 3 && (profile[0] > 4000 || SILVER_LINE.containsKey(id) || random.nextInt(3) == 0)
          || type == 2 && random.nextInt(4) == 0;
      int first = (type == 2 ? 5 * 3600 + 15 * 60 : type == 4 ? 6 * 3600 : 4 * 3600 + 45 * 60)
          + random.nextInt(8) * 5 * 60;
      int last = late ? 24 * 3600 + 20 * 60 + random.nextInt(11) * 5 * 60
          : type == 4 ? 19 * 3600 + 30 * 60 + random.nextInt(25) * 5 * 60
          : 21 * 3600 + random.nextInt(31) * 5 * 60;
      routes.add(new Route(id, type, shortName, longName, trips, WEEKDAY_ONLY.contains(id), first, last, patterns));
    }

    String stop(String id, String name, double lat, double lon) {
      stops.putIfAbsent(id, new Stop(id, name, lat, lon));
      return id;
    }

    Pattern pattern(int type, String[] stopIds, String headsign) {
      int[] hops = new int[stopIds.length], dwells = new int[stopIds.length];
      for (int i = 1; i < stopIds.length; i++) {
        hops[i] = HOP_MIN[type] + random.nextInt(HOP_SPREAD[type]);
        if (i < stopIds.length - 1 && random.nextInt(7) == 0) dwells[i] = 30 + random.nextInt(91); // timepoints
      }
      return new Pattern(stopIds, hops, dwells, headsign);
    }

    /** Spreads each route's trips over its days and directions, evenly between its first and last departure. */
    List<Trip> schedule(int scale) {
      List<Trip> trips = new ArrayList<>();
      long number = 60_000_000L + random.nextInt(1_000_000); // one counter keeps every trip id unique
      for (Route route : routes) {
        int weekday = route.weekdayOnly ? route.trips : (int) Math.round(route.trips * 0.6);
        int saturday = (int) Math.round((route.trips - weekday) * 0.55);
        int[] tripsPerDay = {weekday, saturday, route.trips - weekday - saturday};
        for (int day = 0; day < 3; day++) {
          int first = route.firstDeparture + DAY_START_DELAY[day], span = route.lastDeparture - first;
          for (int direction = 0; direction < 2; direction++) {
            int count = (tripsPerDay[day] * scale + 1 - direction) / 2; // direction 0 takes the odd one
            for (int j = 0; j < count; j++) {
              int departure = count == 1 ? first : first + (int) ((long) span * j / (count - 1));
              trips.add(new Trip(route, day, direction, tripId(route, day, departure, number++), departure));
            }
          }
        }
      }
      return trips;
    }
  }

  /** {JSON KB, stops per direction}. Drawn from the route id alone, so every seed has the same profile. */
  private static int[] profile(String id, int type, boolean small) {
    SplittableRandom random = new SplittableRandom(id.hashCode());
    return switch (id) {
      case "Orange" -> new int[] {7000, 20};
      case "Green-D" -> new int[] {5600, 25};
      case "Green-B" -> new int[] {5000, 23};
      case "Green-E" -> new int[] {4600, 19};
      case "Green-C" -> new int[] {4400, 21};
      case "Blue" -> new int[] {3800, 12};
      case "Mattapan" -> new int[] {900, 8};
      case "28" -> new int[] {6200, 26};
      case "1" -> new int[] {5800, 25};
      case "39" -> new int[] {5300, 28};
      default -> TINY.contains(id) ? new int[] {3 + random.nextInt(6), 8 + random.nextInt(7)}
          : small ? new int[] {logUniform(random, 50, 200),
              type == 4 ? 2 + random.nextInt(3) : type == 2 ? 8 + random.nextInt(13) : 10 + random.nextInt(13)}
          : new int[] {logUniform(random, 500, 4800), 20 + random.nextInt(27)};
    };
  }

  private static int logUniform(SplittableRandom random, int min, int max) {
    return (int) Math.round(min * Math.pow((double) max / min, random.nextDouble()));
  }

  /** GTFS route_type: 0 light rail, 1 subway, 2 rail, 3 bus, 4 ferry. */
  private static int routeType(String id) {
    if (id.startsWith("Green-") || id.equals("Mattapan")) return 0;
    if (id.equals("Orange") || id.equals("Blue") || id.equals("Red")) return 1;
    if (id.startsWith("CR-")) return 2;
    if (id.startsWith("Boat-")) return 4;
    return 3;
  }

  private static String servicePrefix(int type) {
    return switch (type) {
      case 0, 1 -> "RTL2025";
      case 2 -> "CR2025";
      case 4 -> "FERRY2025";
      default -> "BUS2025";
    };
  }

  private static String tripId(Route route, int day, int departure, long number) {
    return switch (route.type) {
      case 0, 1 -> "RTL2025-" + (route.type == 0 ? "hlr25" : "hhr25") + DAY_CODES[day] + "-" + DAYS[day] + "-01-"
          + number;
      case 2 -> "CR-" + DAYS[day] + "-Fall-25-" + (100 + number % 900) + "-" + number;
      case 4 -> route.id + "-" + twoDigits(departure / 3600) + twoDigits(departure / 60 % 60) + "-" + DAYS[day] + "-"
          + number;
      default -> "BUS2025-hbb25" + DAY_CODES[day] + "-" + DAYS[day] + "-02-" + number;
    };
  }

  private static boolean isRushHour(int departure) {
    return departure >= 7 * 3600 && departure < 9 * 3600 + 1800
        || departure >= 16 * 3600 && departure < 18 * 3600 + 1800;
  }

  /** Writes one zip entry: the header, then the rows the body appends to a reusable buffer. */
  private static long entry(ZipOutputStream zos, Writer out, String name, String header, Rows body) throws IOException {
    ZipEntry entry = new ZipEntry(name);
    entry.setTimeLocal(ENTRY_TIME); // a constant that does not depend on the time zone: the same bytes every run
    zos.putNextEntry(entry);
    StringBuilder text = new StringBuilder(1 << 17).append(header).append('\n');
    long rows = body.write(text);
    out.append(text);
    out.flush();
    zos.closeEntry();
    return rows;
  }

  private interface Rows {
    long write(StringBuilder text) throws IOException;
  }

  /** Hands the buffer to the writer once it is large, so rows are built in one buffer without a String each. */
  private static void spill(Writer out, StringBuilder text) throws IOException {
    if (text.length() >= 1 << 16) {
      out.append(text);
      text.setLength(0);
    }
  }

  /** GTFS time HH:MM:SS; hours go past 24 for trips after midnight. */
  private static StringBuilder appendTime(StringBuilder text, int seconds) {
    int hours = seconds / 3600, minutes = seconds / 60 % 60, secs = seconds % 60;
    if (hours < 10) text.append('0');
    text.append(hours).append(':').append((char) ('0' + minutes / 10)).append((char) ('0' + minutes % 10));
    return text.append(':').append((char) ('0' + secs / 10)).append((char) ('0' + secs % 10));
  }

  private static String twoDigits(int value) {
    return value < 10 ? "0" + value : String.valueOf(value);
  }

  private static String fourDigits(int value) {
    String digits = String.valueOf(value);
    return "0000".substring(Math.min(4, digits.length())) + digits;
  }

  /** A CSV field, quoted only when it holds a comma, quote or line break. */
  private static StringBuilder csv(StringBuilder text, String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0) return text.append(field);
    return text.append('"').append(field.replace("\"", "\"\"")).append('"');
  }
}
