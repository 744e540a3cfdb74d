import type { Body } from './body.js';

/**
 * `dump/versions.json`: one compact object keyed by port name, in catalogue order, each value
 * the port's entry (see PortCore.release): `{"zlib":{"version":"1.3.1","revision":0,"epoch":0,
 * "portdir":"archivers/zlib","active":true},...}`. A port name needs no escaping in JSON (see
 * PORT_NAME), so the body is made of the entries as they are, a part a port.
 */
export function versionsBody(names: readonly string[], releases: readonly string[]): Body {
  const parts: string[] = ['{'];
  for (let i = 0; i < names.length; i++) parts.push(`${i === 0 ? '' : ','}"${names[i]}":${releases[i]}`);
  parts.push('}');
  return parts;
}
