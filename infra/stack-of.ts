import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** The portal's stack a construct belongs to, through any nested stack it sits in (their names are generated). */
export const portalStackOf = (scope: IConstruct): Stack => {
  const stack = Stack.of(scope);
  return stack.nestedStackParent ?? stack;
};
