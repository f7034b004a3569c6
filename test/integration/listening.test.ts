// Security issue item 8: what the local stack listens on. It holds every child's health notes, so no
// part of it (the gateway, DynamoDB Local, anything a later change adds) may listen on every interface.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { processTree } from '../support/processes';
import type { StackInfo } from '../support/stack-info';

const LOOPBACK = '127.0.0.1';

interface Listener {
  address: string;
  port: number;
  inode: string;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // The descriptor was closed while the list was read.
    }
  }
  return inodes;
}

/** An address of /proc/net/tcp{,6}: hex, each 32-bit word in the host's (little-endian) byte order. */
function procAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  const bytes = words
    .join('')
    .match(/../g)!
    .map((byte) => parseInt(byte, 16));
  if (bytes.length === 4) return bytes.join('.');
  const v4Mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (v4Mapped) return bytes.slice(12).join('.');
  const groups = words
    .flatMap((word) => [word.slice(0, 4), word.slice(4)])
    .map((group) => parseInt(group, 16).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

function listeningSockets(): Listener[] {
  const listeners: Listener[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1]!, fields[3]!, fields[9]!];
      if (state !== '0A') continue; // TCP_LISTEN
      const [address, port] = local.split(':') as [string, string];
      listeners.push({ address: procAddress(address), port: parseInt(port, 16), inode });
    }
  }
  return listeners;
}

function stackInfo(): StackInfo & { pid: number } {
  const dataDir = process.env.PORTAL_TEST_DATA_DIR;
  if (!dataDir) throw new Error('PORTAL_TEST_DATA_DIR is not set: run this test in the integration project.');
  return JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as StackInfo & { pid: number };
}

/** Whether a TCP connection to the address and port is refused (nothing listens there). */
function refused(address: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port });
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`no answer from ${address}:${port} within 5 s`));
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(true) : reject(error),
    );
  });
}

const externalIPv4 = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

describe('the local stack listens only on its own address', () => {
  const info = stackInfo();
  const gatewayPort = Number(new URL(info.url).port);
  const dynamoDbPort = Number(new URL(info.dynamoDbEndpoint).port);
  // The gateway listens on HOST, as `npm start` documents; everything else only on the loopback address.
  const gatewayHost = process.env.HOST ?? LOOPBACK;

  test('every socket the stack and its child processes listen on is bound to 127.0.0.1 (the gateway to HOST), none to 0.0.0.0 or ::', () => {
    const inodes = new Set(processTree(info.pid).flatMap((pid) => [...socketInodes(pid)]));
    const listeners = listeningSockets()
      .filter((listener) => inodes.has(listener.inode))
      .map(({ address, port }) => ({ address, port }));
    expect(listeners).toEqual(
      expect.arrayContaining([
        { address: gatewayHost, port: gatewayPort },
        { address: LOOPBACK, port: dynamoDbPort },
      ]),
    );
    for (const listener of listeners)
      expect(listener).toEqual({
        address: listener.port === gatewayPort ? gatewayHost : LOOPBACK,
        port: listener.port,
      });
  });

  // Only ports bound to loopback must refuse there: a HOST set to a network address exposes the gateway on purpose.
  const loopbackPorts = gatewayHost === LOOPBACK ? [dynamoDbPort, gatewayPort] : [dynamoDbPort];
  const onExternal = externalIPv4
    ? `DynamoDB Local's port (and the gateway's, on the default HOST) refuses connections on this machine's network address ${externalIPv4}`
    : 'connections on a network address are not tried: this machine has no non-loopback IPv4 address';
  test(onExternal, async () => {
    if (!externalIPv4) return;
    for (const port of loopbackPorts)
      expect({ port, refused: await refused(externalIPv4, port) }).toEqual({ port, refused: true });
  });
});
