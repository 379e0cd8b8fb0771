import dgram from 'node:dgram';

/** A DNS server on 127.0.0.1 that answers NXDOMAIN to every question: nginx's proxy resolver never leaves the machine. */
export async function startNxdomainDns(): Promise<{ port: number; close(): void }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const reply = Buffer.from(msg);
    reply[2] = 0x81; // a response to a recursive query
    reply[3] = 0x83; // recursion available, NXDOMAIN
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return { port: socket.address().port, close: () => socket.close() };
}
