import { STREAM_CHUNK_MS, type StreamClientMessage, type StreamServerMessage } from '@oqu/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { reconnectDelay } from '../../rooms/stream';
import { fetchStreamTicket } from './api';
import { type BroadcastEvent, closeOutcome, ticketRefusal, wsUrlFrom } from './broadcast';
import { pickRecorderMimeType, recorderOptions } from './recorder';

/**
 * Unsent data above this means the link cannot carry the broadcast: rather than let the socket's
 * buffer grow (and the viewers fall minutes behind), the take is dropped — a take cannot skip chunks,
 * its container would break — and a new one begins once the buffer is below SEND_BUFFER_DRAINED.
 */
export const SEND_BUFFER_LIMIT = 4_000_000;
const SEND_BUFFER_DRAINED = 256_000;
const DRAIN_CHECK_MS = 500;

export interface Publisher {
  /** Ends the broadcast for good: the recorder stops, the socket closes. */
  stop: () => void;
  /** The picture or sound changed (another camera, the screen): the next take records the new stream. */
  newTake: () => void;
}

function parseServerMessage(data: string): StreamServerMessage | null {
  try {
    const message = JSON.parse(data) as StreamServerMessage;
    return message && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}

/**
 * Publishes `media()` for the webinar (the protocol is in @oqu/contracts stream.ts): a ticket, the
 * socket, the server's `ready`, then takes — a `start` and a new MediaRecorder whose 1-s chunks go as
 * binary messages. A lost socket reconnects with backoff, a new ticket and a new take; the server
 * continues the same broadcast. `dispatch` tells the screen (broadcastReducer).
 */
export function startPublisher(webinarId: number, media: () => MediaStream | null, dispatch: (event: BroadcastEvent) => void): Publisher {
  let stopped = false;
  let socket: WebSocket | null = null;
  /** the server accepted the current socket: takes may begin */
  let ready = false;
  let recorder: MediaRecorder | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const send = (message: StreamClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  function beginTake() {
    const stream = media();
    const mimeType = pickRecorderMimeType((type) => MediaRecorder.isTypeSupported(type));
    if (!socket || !ready || !stream || !mimeType || recorder) return;
    const take = new MediaRecorder(stream, recorderOptions(mimeType));
    const channel = socket;
    recorder = take;
    send({ type: 'start', mimeType: take.mimeType || mimeType });
    take.ondataavailable = (event) => {
      if (recorder !== take || event.data.size === 0 || channel.readyState !== WebSocket.OPEN) return;
      if (channel.bufferedAmount > SEND_BUFFER_LIMIT) congested(channel);
      else channel.send(event.data);
    };
    take.start(STREAM_CHUNK_MS);
  }

  /** Ends the current take; its last partial second is dropped, so the server's `stop` follows the last chunk sent. */
  function endTake() {
    const take = recorder;
    if (!take) return;
    recorder = null;
    take.ondataavailable = null;
    if (take.state !== 'inactive') take.stop();
    send({ type: 'stop' });
  }

  function congested(channel: WebSocket) {
    endTake();
    dispatch({ type: 'congested' });
    const waitForDrain = () => {
      if (stopped || socket !== channel) return;
      if (channel.bufferedAmount > SEND_BUFFER_DRAINED) timer = setTimeout(waitForDrain, DRAIN_CHECK_MS);
      else beginTake();
    };
    clearTimeout(timer);
    timer = setTimeout(waitForDrain, DRAIN_CHECK_MS);
  }

  function reconnect() {
    dispatch({ type: 'lost' });
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  }

  function onServerMessage(message: StreamServerMessage) {
    switch (message.type) {
      case 'ready':
        ready = true;
        beginTake();
        break;
      case 'live':
        attempt = 0;
        dispatch({ type: 'live', seconds: message.seconds });
        break;
      case 'restart':
        endTake();
        beginTake();
        break;
      case 'error':
        dispatch({ type: 'serverError', message: message.message });
        break;
    }
  }

  async function connect() {
    if (stopped) return;
    dispatch({ type: 'connecting' });
    let path: string;
    try {
      path = (await fetchStreamTicket(webinarId)).Path;
    } catch (error) {
      if (stopped) return;
      const failure = error instanceof ApiError ? ticketRefusal(error.status) : null;
      if (failure) dispatch({ type: 'failed', failure, message: errorMessage(error, '') || undefined });
      else reconnect();
      return;
    }
    if (stopped) return;
    const channel = new WebSocket(wsUrlFrom(window.location, path));
    socket = channel;
    ready = false;
    channel.onmessage = (event) => {
      if (socket !== channel || typeof event.data !== 'string') return;
      const message = parseServerMessage(event.data);
      if (message) onServerMessage(message);
    };
    channel.onclose = (event) => {
      if (socket !== channel) return;
      endTake();
      socket = null;
      ready = false;
      if (stopped) return;
      const outcome = closeOutcome(event.code);
      if (outcome === 'reconnect') reconnect();
      // the reason is a message key: the server sent its words in an `error` message before closing
      else dispatch({ type: 'failed', failure: outcome });
    };
  }

  void connect();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      endTake();
      const channel = socket;
      socket = null;
      channel?.close(1000);
    },
    newTake() {
      endTake();
      beginTake();
    },
  };
}
