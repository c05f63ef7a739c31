import type { RouteContract } from "#common/contracts/http";
import {
  type RouteAnswer,
  type RouteTarget,
  apiErrorFrom,
  apiHeaders,
  buildApiPath,
  buildQueryString,
  checkAnswer,
  networkError,
} from "./api-client.ts";

export interface UploadRequest {
  /** Sent as the raw request body. */
  body: Blob;
  /** The contract's first raw body media type unless said. */
  contentType?: string;
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
 * Sends a file as the raw body of a route that takes one (method, path and query from its
 * contract) and returns the JSON answer, reporting how much of it has been sent. XMLHttpRequest
 * because fetch cannot report upload progress. Headers, failures (ApiError with the server's code,
 * message and details), the answer's check against the contract and cancellation (an AbortError)
 * behave as with callRoute.
 */
export function uploadWithProgress<C extends RouteContract>(contract: C, request: RouteTarget<C> & UploadRequest): Promise<RouteAnswer<C>> {
  const { body, onProgress, signal } = request;
  const contentType = request.contentType ?? contract.rawBody?.mediaTypes[0] ?? "application/octet-stream";
  const { params, query } = request as { params?: Record<string, string>; query?: Record<string, unknown> };
  const url = buildApiPath(contract.path, params) + buildQueryString(query);
  return new Promise<RouteAnswer<C>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const stopListening = () => signal?.removeEventListener("abort", abort);
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });

    xhr.open(contract.method.toUpperCase(), url);
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
        reject(apiErrorFrom(xhr.status, parseJson(xhr.responseText), { get: (name) => xhr.getResponseHeader(name) }));
        return;
      }
      const empty = xhr.status === 204 || xhr.responseText === "";
      const answer = empty ? undefined : parseJson(xhr.responseText);
      if (!empty && answer === undefined) {
        reject(apiErrorFrom(xhr.status, undefined));
        return;
      }
      try {
        checkAnswer(contract, xhr.status, answer);
        resolve(answer as RouteAnswer<C>);
      } catch (error) {
        reject(error as Error);
      }
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
