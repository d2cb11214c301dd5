package transit.testing;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs one suite's JUnit tests (every *Test class in the suite's own classes folder) and counts them:
 * `./mill test` runs each suite this way and prints the totals, whether tests pass or fail. Prints a line
 * per failure and per skip with the reason (cut short, so one long message cannot bury the rest of a log), then
 * "N passed, N failed, N skipped"; writes the three numbers, then a line per failed test, to the file named by
 * the first argument; exits 1 if any test failed. Prints each test class's time ("TIME suite: Class N s"), each of its
 * methods' (indented) and the suite's, so that a slow suite shows where its time goes. Arguments: totals file, suite name, classes folder, then
 * optionally test class names (simple names) to run only those.
 */
public final class SuiteRunner {
  public static void main(String[] args) throws IOException {
    String suite = args[1];
    AtomicLong passed = new AtomicLong(), failed = new AtomicLong(), skipped = new AtomicLong();
    List<String> failures = new ArrayList<>();
    Map<String, Long> classStarted = new ConcurrentHashMap<>();
    java.util.Set<String> classes = ConcurrentHashMap.newKeySet();
    long suiteStarted = System.nanoTime();
    TestExecutionListener listener = new TestExecutionListener() {
      @Override
      public void executionStarted(TestIdentifier test) {
        // a class, or a method of one (a parameterized method as a whole)
        if (isClass(test)) classes.add(test.getUniqueId());
        if (isClass(test) || test.getParentId().filter(classes::contains).isPresent()) classStarted.put(test.getUniqueId(), System.nanoTime());
      }

      @Override
      public void executionSkipped(TestIdentifier test, String reason) {
        skipped.incrementAndGet();
        System.out.println("SKIPPED " + suite + ": " + name(test) + ": " + reason);
      }

      @Override
      public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        Long started = classStarted.remove(test.getUniqueId());
        if (started != null) System.out.println("TIME " + suite + ": " + (isClass(test) ? "" : "  ") + test.getDisplayName() + " " + seconds(started) + " s");
        if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
          if (test.isTest()) passed.incrementAndGet();
          return;
        }
        String why = shortened(result.getThrowable().map(Throwable::toString).orElse(result.getStatus().toString()));
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
          skipped.incrementAndGet();
          System.out.println("SKIPPED " + suite + ": " + name(test) + ": " + why);
        } else {
          failed.incrementAndGet(); // a failing test, or a container (class set-up) that failed
          // with its reason, one line: the totals repeat it at the end, where a log cut in its middle still shows it
          failures.add(suite + ": " + name(test) + ": " + why.replace('\n', ' ').replace('\r', ' '));
          System.out.println("FAILED " + suite + ": " + name(test) + ": " + why);
          result.getThrowable().ifPresent(t -> {
            for (StackTraceElement e : t.getStackTrace())
              if (e.getClassName().startsWith("transit.")) System.out.println("    at " + e);
          });
        }
      }
    };
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClasspathRoots(java.util.Set.of(Path.of(args[2])))).filters(includeClassNamePatterns(classPatterns(args))).build();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(request, listener);
    String totals = passed + " passed, " + failed + " failed, " + skipped + " skipped";
    System.out.println(suite + ": " + totals + " in " + seconds(suiteStarted) + " s");
    Files.writeString(Path.of(args[0]), passed + " " + failed + " " + skipped + "\n" + String.join("\n", failures));
    System.exit(failed.get() > 0 ? 1 : 0);
  }

  /** A test class's container (the tests of one class), whose time is printed: where a suite's time goes. */
  static boolean isClass(TestIdentifier test) {
    return test.getSource().filter(source -> source instanceof ClassSource).isPresent();
  }

  static long seconds(long startedNanos) { return Math.round((System.nanoTime() - startedNanos) / 1e9); }

  /** A failure's message, its first 400 characters where longer. */
  static String shortened(String why) {
    return why.length() <= 400 ? why : why.substring(0, 400) + " […] (" + why.length() + " characters)";
  }

  /** Every *Test class, or only those named after the first three arguments. */
  static String[] classPatterns(String[] args) {
    if (args.length <= 3) return new String[] {".*Test"};
    return java.util.Arrays.stream(args, 3, args.length).map(name -> ".*\\." + java.util.regex.Pattern.quote(name)).toArray(String[]::new);
  }

  static String name(TestIdentifier test) {
    String id = test.getUniqueId();
    String clazz = id.replaceAll(".*\\[class:([^\\]]*)\\].*", "$1");
    // a parameterized test's invocation is named by its arguments alone: its method's name goes before them
    String method = id.contains("[test-template-invocation:") ? test.getSource().filter(source -> source instanceof MethodSource)
        .map(source -> ((MethodSource) source).getMethodName() + " ").orElse("") : "";
    return (clazz.equals(id) ? "" : clazz.substring(clazz.lastIndexOf('.') + 1) + " ") + method + test.getDisplayName();
  }
}
