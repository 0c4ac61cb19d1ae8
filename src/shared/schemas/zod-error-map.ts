import type { $ZodErrorMap } from 'zod/v4/core';
import { validation } from '../messages/common.ts';

/**
 * French messages for zod issues that a schema does not word itself. Schemas give the spec's own
 * message where the spec has one; this map covers the rest, on both sides.
 */
export const frenchErrorMap: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? validation.required : validation.invalidType;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? validation.required : validation.tooShort(Number(issue.minimum));
      if (issue.origin === 'array') return validation.tooShort(Number(issue.minimum));
      return validation.tooSmall(Number(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') return validation.tooLong(Number(issue.maximum));
      return validation.tooBig(Number(issue.maximum));
    case 'invalid_format':
      if (issue.format === 'email') return validation.invalidEmail;
      if (issue.format === 'uuid') return validation.invalidUuid;
      if (issue.format === 'datetime' || issue.format === 'date') return validation.invalidDate;
      return validation.invalidType;
    case 'invalid_value':
      return validation.invalidChoice;
    case 'unrecognized_keys':
      return validation.unknownField;
    case 'not_multiple_of':
      return validation.notInteger;
    default:
      return validation.invalidType;
  }
};
