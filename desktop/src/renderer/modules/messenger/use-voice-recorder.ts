import { useCallback, useEffect, useRef, useState } from 'react';
import { bridge } from '../../lib/bridge';
import { i18n } from '../../i18n';

/** Voice recording: idle → recording (mm:ss) → stop gives a preview; cancel discards. */
export type VoiceRecorderState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'recording'; seconds: number } | { phase: 'preview'; file: File; url: string; seconds: number };

/** What the recorder needs from the platform; tests pass fakes. */
export interface RecorderDeps {
  requestAccess: () => Promise<boolean>;
  getUserMedia: () => Promise<MediaStream>;
  createRecorder: (stream: MediaStream, mimeType: string | undefined) => MediaRecorder;
  isTypeSupported: (mimeType: string) => boolean;
}

/** Recordings are webm audio; Opus inside when the browser says so. */
export const VOICE_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm'] as const;

export const browserRecorderDeps: RecorderDeps = {
  requestAccess: async () => {
    const result = await bridge.requestMicrophoneAccess();
    return result.ok && result.value;
  },
  getUserMedia: () => {
    if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('No microphone API'));
    return navigator.mediaDevices.getUserMedia({ audio: true });
  },
  createRecorder: (stream, mimeType) => new MediaRecorder(stream, mimeType ? { mimeType } : undefined),
  isTypeSupported: (mimeType) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(mimeType),
};

const voiceFileName = () => `voice-note-${new Date().toISOString().replace(/[:.]/g, '-')}.webm`;

export function useVoiceRecorder(deps: RecorderDeps = browserRecorderDeps, onError?: (message: string) => void) {
  const [state, setState] = useState<VoiceRecorderState>({ phase: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const startedAt = useRef(0);
  const discard = useRef(false);
  const previewUrl = useRef<string | null>(null);

  const stopStream = () => {
    clearInterval(timer.current);
    timer.current = undefined;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  const revokePreview = () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  };

  const start = useCallback(async () => {
    setState({ phase: 'starting' });
    const fail = () => {
      stopStream();
      setState({ phase: 'idle' });
      onError?.(i18n.t('messenger:microphoneDenied'));
    };
    let media: MediaStream;
    try {
      if (!(await deps.requestAccess())) return fail();
      media = await deps.getUserMedia();
    } catch {
      return fail();
    }
    stream.current = media;
    const mimeType = VOICE_MIME_TYPES.find((type) => deps.isTypeSupported(type));
    let rec: MediaRecorder;
    try {
      rec = deps.createRecorder(media, mimeType);
    } catch {
      return fail();
    }
    const chunks: Blob[] = [];
    discard.current = false;
    rec.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      const seconds = (Date.now() - startedAt.current) / 1000;
      stopStream();
      recorder.current = null;
      if (discard.current) {
        setState({ phase: 'idle' });
        return;
      }
      const file = new File(chunks, voiceFileName(), { type: 'audio/webm' });
      revokePreview();
      const url = URL.createObjectURL(file);
      previewUrl.current = url;
      setState({ phase: 'preview', file, url, seconds });
    };
    recorder.current = rec;
    startedAt.current = Date.now();
    rec.start(250);
    setState({ phase: 'recording', seconds: 0 });
    timer.current = setInterval(() => setState({ phase: 'recording', seconds: (Date.now() - startedAt.current) / 1000 }), 250);
  }, [deps, onError]);

  /** Stops the recording: the file goes to the preview. */
  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  /** Cancels the recording, or discards the preview. */
  const cancel = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') {
      discard.current = true;
      recorder.current.stop();
      return;
    }
    stopStream();
    revokePreview();
    setState({ phase: 'idle' });
  }, []);

  useEffect(
    () => () => {
      discard.current = true;
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      stopStream();
      revokePreview();
    },
    [],
  );

  return { state, start, stop, cancel };
}
