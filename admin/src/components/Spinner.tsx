import classes from './Spinner.module.css';

/** A turning ring in the current text colour; decorative (the busy control or text says what waits). */
export function Spinner({ size = 18 }: { size?: number }) {
  return <span className={classes.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
