package transit.bench.run;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.Notification;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A JVM's garbage collector and heap, watched from outside through its own management agent (the attach API
 * starts it, local only): every collection with the heap before and after it, and the heap in use sampled
 * every 250 ms. From these, per window: GC time, collections, the highest heap left after a collection, and
 * the bytes allocated (heap growth plus what each collection freed).
 */
public final class JvmProbe implements AutoCloseable {
  /** One collection, at its end (epoch ms). */
  record Gc(long endMillis, long durationMillis, long usedBefore, long usedAfter) {}

  record HeapSample(long millis, long used) {}

  /** GC time and count, the highest heap after a collection (-1 without one), and bytes allocated. */
  public record Window(long gcMillis, int collections, long maxHeapAfterGc, long allocatedBytes) {}

  private static final long INTERVAL_MS = 250;
  private final JMXConnector connector;
  private final MemoryMXBean memory;
  private final long vmStartMillis;
  private final List<Gc> collections = new ArrayList<>();
  private final List<HeapSample> heap = new ArrayList<>();
  private final Thread sampler;
  /** The JVM's collectors, e.g. "G1 Young Generation, G1 Old Generation"; its name and version. */
  public final String collectors, vm;

  private JvmProbe(JMXConnector connector) throws IOException {
    this.connector = connector;
    MBeanServerConnection server = connector.getMBeanServerConnection();
    memory = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
    java.lang.management.RuntimeMXBean runtime = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.RUNTIME_MXBEAN_NAME,
        java.lang.management.RuntimeMXBean.class);
    vmStartMillis = runtime.getStartTime();
    vm = runtime.getVmName() + " " + runtime.getSystemProperties().get("java.runtime.version");
    List<String> names = new ArrayList<>();
    try {
      for (ObjectName name : server.queryNames(new ObjectName(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null)) {
        server.addNotificationListener(name, (notification, handback) -> onGc(notification), null, null);
        names.add(name.getKeyProperty("name"));
      }
      collectors = String.join(", ", names.stream().sorted().toList());
    } catch (javax.management.JMException e) {
      throw new IOException("cannot watch the collectors: " + e.getMessage(), e);
    }
    sampler = new Thread(this::sample, "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
  }

  /**
   * Starts a flight recording of samples only: execution samples (every 10 ms, each running Java thread's stack) and,
   * on a JDK that takes them (25 and newer; an older one ignores the setting), CPU-time samples (every 10 ms of a
   * thread's CPU time, native code included): what {@link CpuProfile} splits the application's CPU by. Returns its id.
   */
  public long startProfile() throws IOException {
    long id = flightRecorder().newRecording();
    flightRecorder().setRecordingSettings(id, Map.of("jdk.ExecutionSample#enabled", "true", "jdk.ExecutionSample#period", "10 ms",
        "jdk.CPUTimeSample#enabled", "true", "jdk.CPUTimeSample#throttle", "10ms"));
    flightRecorder().startRecording(id);
    return id;
  }

  /** Stops the recording and copies it to file. */
  public void stopProfile(long id, java.nio.file.Path file) throws IOException {
    jdk.management.jfr.FlightRecorderMXBean jfr = flightRecorder();
    jfr.stopRecording(id);
    long stream = jfr.openStream(id, null);
    try (var out = java.nio.file.Files.newOutputStream(file)) {
      for (byte[] chunk; (chunk = jfr.readStream(stream)) != null; ) out.write(chunk);
    } finally {
      jfr.closeStream(stream);
      jfr.closeRecording(id);
    }
  }

  private jdk.management.jfr.FlightRecorderMXBean flightRecorder() throws IOException {
    return ManagementFactory.newPlatformMXBeanProxy(connector.getMBeanServerConnection(), "jdk.management.jfr:type=FlightRecorder",
        jdk.management.jfr.FlightRecorderMXBean.class);
  }

  /** Attaches to a running JVM of this user; throws IOException when it cannot (not a HotSpot JVM, attach disabled). */
  public static JvmProbe attach(long pid) throws IOException {
    String address;
    try {
      VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
      try {
        address = vm.startLocalManagementAgent();
      } finally {
        vm.detach();
      }
    } catch (com.sun.tools.attach.AttachNotSupportedException e) {
      throw new IOException("cannot attach to process " + pid + ": " + e.getMessage(), e);
    }
    return new JvmProbe(JMXConnectorFactory.connect(new JMXServiceURL(address)));
  }

  private void onGc(Notification notification) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) return;
    GcInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData()).getGcInfo();
    Gc gc = new Gc(vmStartMillis + info.getEndTime(), info.getDuration(), used(info.getMemoryUsageBeforeGc()), used(info.getMemoryUsageAfterGc()));
    synchronized (collections) {
      collections.add(gc);
    }
  }

  private static long used(Map<String, MemoryUsage> pools) {
    return pools.values().stream().mapToLong(MemoryUsage::getUsed).sum();
  }

  private void sample() {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        HeapSample s = new HeapSample(System.currentTimeMillis(), memory.getHeapMemoryUsage().getUsed());
        synchronized (heap) {
          heap.add(s);
        }
        Thread.sleep(INTERVAL_MS);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) { // the JVM has gone
        return;
      }
    }
  }

  /** When the JVM started, in ms since the epoch (its RuntimeMXBean's). */
  public long vmStartMillis() { return vmStartMillis; }

  /** The heap in use after a full collection asked for now: what the JVM keeps live. */
  public long liveHeapBytes() {
    memory.gc();
    return memory.getHeapMemoryUsage().getUsed();
  }

  /** The collector over a window; null without two heap samples in it. */
  public Window window(long fromMillis, long toMillis) {
    List<HeapSample> samples;
    synchronized (heap) {
      samples = heap.stream().filter(s -> s.millis >= fromMillis && s.millis <= toMillis).toList();
    }
    if (samples.size() < 2) return null;
    HeapSample first = samples.get(0), last = samples.get(samples.size() - 1);
    List<Gc> in;
    synchronized (collections) {
      in = collections.stream().filter(g -> g.endMillis > first.millis && g.endMillis <= last.millis).toList();
    }
    long freed = in.stream().mapToLong(g -> g.usedBefore - g.usedAfter).sum();
    return new Window(in.stream().mapToLong(Gc::durationMillis).sum(), in.size(),
        in.stream().mapToLong(Gc::usedAfter).max().orElse(-1), Math.max(0, last.used - first.used + freed));
  }

  @Override
  public void close() {
    sampler.interrupt();
    try {
      connector.close();
    } catch (IOException e) {
      // the JVM has gone already
    }
  }
}
