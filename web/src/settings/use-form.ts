/**
 * One settings section's form: the values loaded from the node, edited locally, saved with PATCH; the
 * node's answer replaces the values, its refusal is shown by field.
 */
import { useEffect, useState } from 'preact/hooks';

export function useSettingsForm<T>(load: () => Promise<T>, save: (values: T) => Promise<T>) {
  const [values, setValues] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    load().then(setValues, setError);
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!values || busy) return;
    setBusy(true);
    setSaved(false);
    setError(undefined);
    try {
      setValues(await save(values));
      setSaved(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const change = (patch: Partial<T>) => {
    setSaved(false);
    setValues((v) => (v ? { ...v, ...patch } : v));
  };
  return { values, error, saved, busy, submit, change };
}
