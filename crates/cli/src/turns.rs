//! What both play loops share: the replies to a typed line, and `undo` by whole turns.

/// What the game says after a line of input.
pub(crate) enum Reply {
    /// Print this and go on.
    Say(String),
    /// Print this and stop.
    Quit(String),
}

/// `undo`: back to the player's previous turn, their last move and the reply after it.
/// `played` counts the moves so far; `undo` takes one back and returns how many are left.
pub(crate) fn undo_turn(
    played: usize,
    human_first: bool,
    mut undo: impl FnMut() -> usize,
) -> Reply {
    let mine = if human_first {
        played.div_ceil(2)
    } else {
        played / 2
    };
    if mine == 0 {
        return Reply::Say("nothing to undo\n".to_string());
    }
    if (undo() % 2 == 0) != human_first {
        undo();
    }
    Reply::Say("taken back\n".to_string())
}
