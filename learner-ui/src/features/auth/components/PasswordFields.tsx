import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { passwordProblem } from '../password-rules';

/** State for a new password and its confirmation; editing either field clears the validation message. */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  return {
    password,
    confirm,
    validation,
    setPassword: (value: string) => {
      setPassword(value);
      setValidation(null);
    },
    setConfirm: (value: string) => {
      setConfirm(value);
      setValidation(null);
    },
    /** Applies the password rules; returns true when the pair may be submitted. */
    validate: () => {
      const problem = passwordProblem(password, confirm);
      setValidation(problem);
      return problem === null;
    },
  };
}

export type PasswordPair = ReturnType<typeof usePasswordPair>;

interface PasswordFieldsProps {
  pair: PasswordPair;
  passwordId: string;
  confirmId: string;
  passwordLabel: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The password + "Confirm Password" fields of the register and reset forms. */
export function PasswordFields({
  pair,
  passwordId,
  confirmId,
  passwordLabel,
  helperText,
  disabled,
  autoFocus,
}: PasswordFieldsProps) {
  const invalid = pair.validation !== null;
  return (
    <>
      <TextField
        id={passwordId}
        label={passwordLabel}
        type="password"
        name="password"
        autoComplete="new-password"
        value={pair.password}
        onChange={(e) => pair.setPassword(e.target.value)}
        error={invalid}
        disabled={disabled}
        slotProps={{ htmlInput: { required: true } }}
        helperText={helperText}
        fullWidth
        autoFocus={autoFocus}
      />
      <TextField
        id={confirmId}
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={pair.confirm}
        onChange={(e) => pair.setConfirm(e.target.value)}
        error={invalid}
        disabled={disabled}
        slotProps={{ htmlInput: { required: true } }}
        fullWidth
      />
    </>
  );
}
