// One call of an AWS JSON API (Cognito's user pools, Secrets Manager): the operation as `X-Amz-Target`, the
// input as JSON, over a signed POST (awsPost); the API's error as an AwsJsonError.
import { awsPost } from './awsPost';
import { requiredEnv } from './env';

export class AwsJsonError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = type;
  }

  /** As the SDK's errors say it: a server fault is worth a retry (see awsErrors). */
  get $metadata() {
    return { httpStatusCode: this.status };
  }
}

export const awsRegion = () => requiredEnv('AWS_REGION');

export interface AwsJsonCall {
  /** The API's endpoint; its one path is `/`, as the SDK calls it (and signs it). */
  endpoint: string;
  /** The signing name, e.g. `cognito-idp`. */
  service: string;
  /** `X-Amz-Target`, e.g. `AWSCognitoIdentityProviderService.AdminGetUser`. */
  target: string;
  input: Record<string, unknown>;
  /** Calls Cognito authorizes with a user's access token are sent unsigned. */
  signed?: boolean;
}

export async function awsJsonCall<T>({ endpoint, service, target, input, signed = true }: AwsJsonCall): Promise<T> {
  const response = await awsPost({
    service,
    url: new URL(`${endpoint.replace(/\/+$/, '')}/`),
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body: JSON.stringify(input),
    signed,
  });
  const answer = (await response.json().catch(() => ({}))) as T & {
    __type?: string;
    message?: string;
    Message?: string;
  };
  if (!response.ok)
    throw new AwsJsonError(
      (answer.__type ?? `${service}Error`).split('#').pop()!,
      answer.message ?? answer.Message ?? `${service} answered ${response.status}`,
      response.status,
    );
  return answer;
}
