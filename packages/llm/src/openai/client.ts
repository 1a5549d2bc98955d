import OpenAI, { AzureOpenAI } from 'openai'
import type { TokenCredential } from '@azure/identity'
import { Agent, fetch as undiciFetch } from 'undici'

/** Entra ID scope of Azure OpenAI (Azure OpenAI "How to configure keyless authentication"). */
export const AZURE_OPENAI_SCOPE = 'https://cognitiveservices.azure.com/.default'

/** Azure OpenAI on its classic surface: `/openai/deployments/{deployment}/…?api-version=…`. */
export interface AzureOpenAiOptions {
  /** https://<resource>.openai.azure.com */
  endpoint: string
  deployment: string
  /** e.g. 2024-10-21 */
  apiVersion: string
  /** Sent as the `api-key` header. Without it, Entra ID (a bearer token) is used. */
  apiKey?: string
  /**
   * The Entra ID credential when there is no key. Default: DefaultAzureCredential from
   * @azure/identity (workload identity on AKS, managed identity, az login, environment).
   */
  credential?: TokenCredential
}

export interface ClientOptions {
  /** OpenAI or any compatible server (vLLM, Ollama, llama.cpp, Azure's v1 surface). */
  baseURL?: string | undefined
  apiKey?: string | undefined
  /** Azure OpenAI through the SDK's own AzureOpenAI client; baseURL and apiKey are then unused. */
  azure?: AzureOpenAiOptions | undefined
  timeoutMs: number
}

/**
 * The SDK client for the configured provider. Retries and timeouts are the provider's own
 * loop (maxRetries 0 here). Requests go through the SDK's fetch path on an undici Agent,
 * which keeps connections alive between calls (and unrefs idle ones, so they never hold the
 * process open). undici's own `fetch` is passed with it: a dispatcher from the undici package
 * only works with the fetch of the same undici major, and Node's global fetch bundles a
 * different one depending on the Node version (6 on Node 20, 7 on Node 24).
 */
export function createClient (options: ClientOptions): OpenAI {
  const common = {
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Both casts cross from the undici package's types to @types/node's (undici-types 6),
    // which type the SDK's `fetch` and `fetchOptions`; at run time they are one undici.
    fetch: undiciFetch as unknown as typeof fetch,
    fetchOptions: { dispatcher: new Agent() as unknown as RequestInit['dispatcher'] }
  }
  const azure = options.azure
  if (azure === undefined) {
    return new OpenAI({ ...common, apiKey: options.apiKey ?? 'not-needed', ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }) })
  }
  // baseURL given rather than `endpoint`, so OPENAI_BASE_URL in the environment cannot clash with it.
  const baseURL = `${azure.endpoint.replace(/\/+$/, '')}/openai`
  const auth = azure.apiKey !== undefined
    ? { apiKey: azure.apiKey }
    : { azureADTokenProvider: entraTokenProvider(azure.credential) }
  return new AzureOpenAI({ ...common, ...auth, baseURL, deployment: azure.deployment, apiVersion: azure.apiVersion })
}

/**
 * A bearer-token callback for the SDK: @azure/identity is loaded on the first request only
 * (deployments with a key never load it), and its token provider caches and refreshes tokens.
 */
export function entraTokenProvider (credential?: TokenCredential): () => Promise<string> {
  let provider: Promise<() => Promise<string>> | undefined
  return async () => {
    provider ??= import('@azure/identity').then(async (identity) => identity.getBearerTokenProvider(credential ?? await defaultAzureCredential(), AZURE_OPENAI_SCOPE))
    return await (await provider)()
  }
}

/** DefaultAzureCredential; constructing it reads the environment and calls no network. */
export async function defaultAzureCredential (): Promise<TokenCredential> {
  const { DefaultAzureCredential } = await import('@azure/identity')
  return new DefaultAzureCredential()
}
