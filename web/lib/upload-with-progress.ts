import { apiErrorFrom, apiHeaders, networkError } from "./api-client.ts";

export interface UploadRequest {
  /** Sent as the raw request body. */
  body: Blob;
  contentType: string;
  /** The share of the body sent so far, 0 to 1; 1 once every byte is out (the server may still be working). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException("The upload was cancelled.", "AbortError");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POSTs a file to the portal's API and returns the parsed JSON answer, reporting how much of it has
 * been sent. XMLHttpRequest because fetch cannot report upload progress. Headers, failures
 * (ApiError with the server's code, message and details) and cancellation (an AbortError) behave
 * as with apiFetch.
 */
export function uploadWithProgress<T>(path: string, request: UploadRequest): Promise<T> {
  const { body, contentType, onProgress, signal } = request;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const stopListening = () => signal?.removeEventListener("abort", abort);
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });

    xhr.open("POST", path);
    // fetch's credentials "same-origin": the session cookie goes to this origin only.
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("content-type", contentType);

    xhr.upload.addEventListener("progress", (event) => {
      const total = event.lengthComputable && event.total > 0 ? event.total : body.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    });
    xhr.upload.addEventListener("load", () => onProgress?.(1));

    xhr.addEventListener("load", () => {
      stopListening();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFrom(xhr.status, parseJson(xhr.responseText)));
        return;
      }
      if (xhr.status === 204 || xhr.responseText === "") {
        resolve(undefined as T);
        return;
      }
      const answer = parseJson(xhr.responseText);
      if (answer === undefined) reject(apiErrorFrom(xhr.status, undefined));
      else resolve(answer as T);
    });
    xhr.addEventListener("error", () => {
      stopListening();
      reject(networkError());
    });
    xhr.addEventListener("abort", () => {
      stopListening();
      reject(abortError());
    });

    onProgress?.(0);
    xhr.send(body);
  });
}
