import type { DeviceInfo } from '@/api/types';

const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** deviceName names a browser for the device list: "Firefox on Linux", "Chrome on Android". */
export function deviceName(userAgent: string): string {
  const browser = browsers.find(([re]) => re.test(userAgent))?.[1] ?? 'Browser';
  const system = systems.find(([re]) => re.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** currentDeviceInfo: what the register call sends about this browser (spec 01 §3). */
export function currentDeviceInfo(): DeviceInfo {
  return {
    userAgent: navigator.userAgent ?? '',
    platform: navigator.platform ?? '',
    vendor: navigator.vendor ?? '',
  };
}
