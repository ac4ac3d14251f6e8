import './player.css';
import type { Scorm12API, Scorm2004API, Settings } from 'scorm-again';
import { CommitChannel, httpTransport } from './commits';
import { entryUrl, firstLaunchData, type Launch, launchOf, MESSAGES, resumeData, textsOf } from './protocol';

/**
 * The SCORM player, served on the content origin at /player inside the app's player page. It takes
 * the launch token from the app by postMessage, reads the session (the package's edition, its launch
 * file and the stored CMI data), puts scorm-again's API where the course looks for it (`window.API`
 * for 1.2, `window.API_1484_11` for 2004) and opens the course in a frame of its own on this origin.
 * The app's session never comes here: the token opens one package for one trainee, for a while.
 */

declare global {
  interface Window {
    API?: Scorm12API;
    API_1484_11?: Scorm2004API;
  }
}

interface Session {
  Version: '1.2' | '2004';
  Name: string;
  Entry: string;
  Cmi: Record<string, unknown> | null;
}

const COMMIT_URL = '/runtime/commit';
const state = document.getElementById('player-state') as HTMLElement;
const frame = document.getElementById('player') as HTMLElement;

let appOrigin: string | null = null;
let channel: CommitChannel | null = null;
let starting = false;

function tell(message: Record<string, unknown>) {
  if (appOrigin) window.parent.postMessage(message, appOrigin);
}

async function readSession(token: string): Promise<Session | 'expired' | 'failed' | 'network'> {
  let response: Response;
  try {
    response = await fetch('/runtime/session', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return 'network';
  }
  if (response.status === 401) return 'expired';
  if (!response.ok) return 'failed';
  try {
    return ((await response.json()) as { data: Session }).data;
  } catch {
    return 'failed';
  }
}

async function start(launch: Launch) {
  const session = await readSession(launch.token);
  if (session === 'expired') {
    tell({ type: MESSAGES.expired });
    return;
  }
  const texts = textsOf(launch.language);
  const entry = typeof session === 'string' ? null : entryUrl(session.Entry, window.location.origin);
  if (typeof session === 'string' || !entry) {
    state.textContent = session === 'network' ? texts.network : texts.failed;
    return;
  }

  let api: Scorm12API | Scorm2004API | null = null;
  const commits = new CommitChannel(
    launch.token,
    httpTransport(COMMIT_URL),
    {
      progress: (progress) => tell({ type: MESSAGES.progress, progress }),
      expired: () => tell({ type: MESSAGES.expired }),
      finished: (progress) => tell({ type: MESSAGES.finished, progress }),
    },
    (terminate) => api?.renderCommitCMI(terminate, terminate) ?? {},
  );
  const settings: Settings = {
    lmsCommitUrl: COMMIT_URL,
    autocommit: true,
    autocommitSeconds: 30,
    dataCommitFormat: 'json',
    sendFullCommit: true,
    logLevel: 4,
  };
  if (session.Version === '1.2') {
    const { Scorm12API } = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: new (...args: unknown[]) => Scorm12API };
    const scorm12 = new Scorm12API(settings, commits);
    window.API = scorm12;
    api = scorm12;
  } else {
    const { Scorm2004API } = (await import('scorm-again/scorm2004')) as unknown as {
      Scorm2004API: new (...args: unknown[]) => Scorm2004API;
    };
    const scorm2004 = new Scorm2004API(settings, commits);
    window.API_1484_11 = scorm2004;
    api = scorm2004;
  }
  api.loadFromJSON(session.Cmi ? resumeData(session.Cmi) : firstLaunchData(session.Version));
  channel = commits;

  const course = document.createElement('iframe');
  course.className = 'player-course';
  course.title = session.Name;
  course.allow = 'fullscreen; autoplay';
  course.src = entry;
  frame.append(course);
}

window.addEventListener('message', (event) => {
  const launch = launchOf(event, window.parent);
  if (!launch) return;
  appOrigin = event.origin;
  if (channel) {
    channel.renew(launch.token);
    return;
  }
  if (starting) return;
  starting = true;
  void start(launch).finally(() => {
    starting = false;
  });
});

// the tab closes or the app leaves the page: what the course has not committed is sent, and its session ends
const leave = () => channel?.leave();
window.addEventListener('pagehide', leave);
window.addEventListener('beforeunload', leave);

// only this says nothing worth hiding; the token comes back to the origin the app names itself
window.parent.postMessage({ type: MESSAGES.ready }, '*');
