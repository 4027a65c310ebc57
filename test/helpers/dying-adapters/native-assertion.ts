// Its test worker fails a native assertion when a spec creates an object, as a native module does:
// a TCP handle constructed without its type argument fails Node's CHECK in TCPWrap::New, which
// writes "Assertion failed: args[0]->IsInt32()" and the native stack to stderr and aborts (SIGABRT).
import { dyingAdapter } from './base.js';

interface TcpBinding { TCP: new () => unknown }
const tcpWrap = (): TcpBinding => (process as unknown as { binding(name: string): TcpBinding }).binding('tcp_wrap');

export default dyingAdapter('dies-of-native-assertion', () => { new (tcpWrap().TCP)(); });
