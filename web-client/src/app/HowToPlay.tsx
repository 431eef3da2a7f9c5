// "How to play here": the few things a newcomer needs to find their way in this client (issue 14).
import { navigate } from './route';

export function HowToPlay() {
  return (
    <main className="help card">
      <h2>How to play here</h2>
      <ol>
        <li>
          <strong>Sign in.</strong> Play as a guest with just a name (keep the <em>seat link</em> the lobby
          shows: it brings you back to your seats from another browser), or create an account.
        </li>
        <li>
          <strong>Start a game.</strong> In the lobby choose the number of players and press{' '}
          <em>Create the game</em>. Send the invitation link to friends, or press <em>Add a bot</em> on empty
          seats; then <em>Start the game</em>.
        </li>
        <li>
          <strong>Your move.</strong> The panel beside the board always says what to do now and offers only
          what the rules allow. The page title shows <em>▶ Your move</em>; tick <em>Sound</em> or{' '}
          <em>Notify me</em> at the top of the table to be told when the tab is in the background.
        </li>
        <li>
          <strong>On the Masterboard</strong> click one of your legions to see where it may go, then a
          highlighted land to move there. Split and muster from the buttons of the panel.
        </li>
        <li>
          <strong>In a battle</strong> click one of your characters, then a highlighted hex to move it or an
          enemy to strike it; the dice and the hits show in the panel and in the history.
        </li>
        <li>
          <strong>On a phone or a tablet</strong> pinch the board with two fingers to zoom and drag it with
          one; the buttons in its corner zoom in and out, to a size for play (⊕) and back to the whole board
          (⤢). On a phone the board opens zoomed to play, and the panel of what to do comes right under it.
          With a mouse, Ctrl and the wheel zoom.
        </li>
        <li>
          <strong>After the game</strong> the result lists the winner first and reveals the dice seed, so
          every roll can be checked.
        </li>
      </ol>
      <p>
        The rules are those of TITAN with the errata; refusals name the rule. Open the game in several tabs if
        you like: they share one sign-in.
      </p>
      <button type="button" onClick={() => navigate({ page: 'lobby' })}>
        Back to the lobby
      </button>
    </main>
  );
}
