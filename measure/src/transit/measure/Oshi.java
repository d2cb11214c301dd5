package transit.measure;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OperatingSystem;

/** OSHI's view of this machine, made once: reading it is what OSHI is for, its set-up is the costly part. */
final class Oshi {
  private Oshi() {}

  static final SystemInfo SYSTEM = new SystemInfo();
  static final OperatingSystem OS = SYSTEM.getOperatingSystem();
  static final CentralProcessor PROCESSOR = SYSTEM.getHardware().getProcessor();
}
