import { AimOutlined, MobileOutlined, PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dragged, FOV, FRAGMENT_SHADER, fromOrientation, keyed, VERTEX_SHADER, type View } from './panorama';
import './media.css';

interface PanoramaViewerProps {
  name: string;
  /** the equirectangular video's Path */
  path: string;
}

/** What draws one video frame as seen from the current view; null when WebGL cannot be had. */
interface Renderer {
  draw(video: HTMLVideoElement, view: View): void;
  dispose(): void;
}

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('no shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) ?? 'shader');
  return shader;
}

/**
 * A full-screen quad whose fragment shader turns each pixel's view direction into a point of the
 * equirectangular frame (panorama.ts); the video is the texture, uploaded at each animation frame.
 */
function createRenderer(canvas: HTMLCanvasElement): Renderer | null {
  // preserveDrawingBuffer: the picture stays readable between frames (a screenshot, a paused video)
  const gl = canvas.getContext('webgl', { preserveDrawingBuffer: true, antialias: false });
  if (!gl) return null;
  try {
    const program = gl.createProgram();
    if (!program) return null;
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
    // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook
    gl.useProgram(program);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    const position = gl.getAttribLocation(program, 'position');
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    // a video's size is rarely a power of two: no mipmaps, no repeat (the seam is `fract` in the shader)
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    const uniform = (name: string) => gl.getUniformLocation(program, name);
    const yaw = uniform('yaw');
    const pitch = uniform('pitch');
    const aspect = uniform('aspect');
    gl.uniform1f(uniform('tanHalfFov'), Math.tan(FOV / 2));
    gl.uniform1i(uniform('picture'), 0);
    let hasFrame = false;
    return {
      draw(video, view) {
        const ratio = window.devicePixelRatio || 1;
        const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
        const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
        if (canvas.width !== width || canvas.height !== height) {
          canvas.width = width;
          canvas.height = height;
        }
        gl.viewport(0, 0, width, height);
        if (video.readyState >= video.HAVE_CURRENT_DATA) {
          gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB, gl.RGB, gl.UNSIGNED_BYTE, video);
          hasFrame = true;
        }
        if (!hasFrame) {
          gl.clearColor(0, 0, 0, 1);
          gl.clear(gl.COLOR_BUFFER_BIT);
          return;
        }
        gl.uniform1f(yaw, view.yaw);
        gl.uniform1f(pitch, view.pitch);
        gl.uniform1f(aspect, width / height);
        gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
      },
      dispose() {
        gl.deleteTexture(texture);
        gl.deleteBuffer(buffer);
        gl.deleteProgram(program);
      },
    };
  } catch {
    return null;
  }
}

type OrientationPermission = { requestPermission?: () => Promise<'granted' | 'denied'> };

/**
 * A VR 360° video in a WebGL viewer: drag with the mouse or a finger, turn with the arrow keys
 * (the canvas takes keyboard focus and is named for screen readers), or on a phone follow its
 * orientation where the browser allows it. Without WebGL the video plays as a plain one.
 */
export function PanoramaViewer({ name, path }: PanoramaViewerProps) {
  const { t } = useTranslation('media');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const viewRef = useRef<View>({ yaw: 0, pitch: 0 });
  const [plain, setPlain] = useState(false);
  const [failed, setFailed] = useState(false);
  const [paused, setPaused] = useState(true);
  const [motion, setMotion] = useState(false);
  const [view, setView] = useState<View>({ yaw: 0, pitch: 0 });
  // phones and tablets: a computer has the event too, but nothing that sends it
  const motionAvailable =
    typeof window !== 'undefined' && 'DeviceOrientationEvent' in window && window.matchMedia?.('(pointer: coarse)').matches === true;

  const look = (next: View) => {
    viewRef.current = next;
    setView(next);
  };

  // the video is the texture's source, never shown itself; the renderer draws while the viewer lives
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const renderer = createRenderer(canvas);
    if (!renderer) {
      setPlain(true);
      return;
    }
    const video = document.createElement('video');
    video.src = path;
    video.crossOrigin = 'anonymous';
    video.loop = true;
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onerror = () => setFailed(true);
    video.onplay = () => setPaused(false);
    video.onpause = () => setPaused(true);
    videoRef.current = video;
    let frame = 0;
    const loop = () => {
      renderer.draw(video, viewRef.current);
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    video.play().catch(() => setPaused(true));
    return () => {
      cancelAnimationFrame(frame);
      video.pause();
      video.removeAttribute('src');
      video.load();
      videoRef.current = null;
      renderer.dispose();
    };
  }, [path]);

  // the phone's orientation, once the person turned it on
  useEffect(() => {
    if (!motion) return;
    const onOrientation = (event: DeviceOrientationEvent) => {
      if (event.alpha === null || event.beta === null) return;
      const next = fromOrientation(event.alpha, event.beta);
      viewRef.current = next;
      setView(next);
    };
    window.addEventListener('deviceorientation', onOrientation);
    return () => window.removeEventListener('deviceorientation', onOrientation);
  }, [motion]);

  async function toggleMotion() {
    if (motion) return setMotion(false);
    const permission = (window.DeviceOrientationEvent as unknown as OrientationPermission).requestPermission;
    // iOS asks the person first; other browsers send the events (or none, on a computer)
    if (permission && (await permission().catch(() => 'denied')) !== 'granted') return;
    setMotion(true);
  }

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    const canvas = event.currentTarget;
    canvas.setPointerCapture(event.pointerId);
    let last = { x: event.clientX, y: event.clientY };
    const move = (next: PointerEvent) => {
      look(dragged(viewRef.current, next.clientX - last.x, next.clientY - last.y, canvas.clientHeight));
      last = { x: next.clientX, y: next.clientY };
    };
    const up = () => {
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
    };
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const next = keyed(viewRef.current, event.key);
    if (!next) return;
    event.preventDefault();
    look(next);
  }

  function togglePlay() {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => setPaused(true));
    else video.pause();
  }

  if (failed) return <Alert type="warning" showIcon title={t('player.fallback')} data-testid="media-fallback" />;
  if (plain) {
    return (
      <Flex vertical gap={8}>
        <Alert type="info" showIcon title={t('vr.noWebgl')} />
        <div className="oqu-panorama">
          {/* biome-ignore lint/a11y/useMediaCaption: uploaded 360° videos come without captions */}
          <video
            className="oqu-panorama-plain"
            src={path}
            controls
            playsInline
            aria-label={t('learner.playerOf', { name })}
            onError={() => setFailed(true)}
          >
            {t('player.fallback')}
          </video>
        </div>
      </Flex>
    );
  }
  const degrees = (radians: number) => Math.round((radians * 180) / Math.PI);
  return (
    <Flex vertical gap={8}>
      <div
        className="oqu-panorama"
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer (role application) turns by the arrow keys, so it takes focus
        tabIndex={0}
        aria-roledescription={t('vr.choose')}
        aria-label={t('vr.viewerLabel', { name })}
        data-testid="panorama-viewer"
        data-view={`${degrees(view.yaw)},${degrees(view.pitch)}`}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} data-testid="panorama-canvas" />
      </div>
      <Flex gap={8} wrap align="center">
        <Button icon={paused ? <PlayCircleOutlined aria-hidden /> : <PauseOutlined aria-hidden />} onClick={togglePlay}>
          {paused ? t('vr.play') : t('vr.pause')}
        </Button>
        <Button icon={<AimOutlined aria-hidden />} onClick={() => look({ yaw: 0, pitch: 0 })}>
          {t('vr.reset')}
        </Button>
        {motionAvailable && (
          <Button icon={<MobileOutlined aria-hidden />} aria-pressed={motion} onClick={toggleMotion}>
            {motion ? t('vr.motionOff') : t('vr.motion')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">{t('vr.hint')}</Typography.Text>
    </Flex>
  );
}
