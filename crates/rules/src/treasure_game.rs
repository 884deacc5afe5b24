//! The treasure game played move by move: a map in progress, whose moves are hits, behind
//! [`Rules`] like every other game.
//!
//! A move hits one thing the mover can touch (on the border, or next to an empty cell that
//! empty cells join to the outside): a stone loses a hit point and is empty at zero; hitting
//! the treasure wins, which here ends the game (the opponent, to move, has no move). Cells
//! are numbered row by row from 0.
//!
//! The analysis is [`analyse_treasure`]'s parity, move by move: with the treasure touchable,
//! hitting it is the one winning move; otherwise the mover wins exactly when the number of
//! safe hits is odd, and then every safe hit wins (it leaves an even number), while breaking
//! a ring stone (one of hit point 1 next to the treasure's region) opens the treasure to the
//! opponent.
//!
//! # Complexity
//! Legal moves and analysis: O(N·M) (one flood, and [`analyse_treasure`]); a hit and its
//! undo O(1).
//!
//! # Tests
//! `tests/rules.rs` compares the analysis with plain game-tree search over these moves on
//! every position of random games on small maps.

use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};
use geography_boards::{TreasureMap, TREASURE_CODE};

use crate::treasure::analyse_treasure;

/// A treasure map in play: the map as hit so far, and the hits in order.
#[derive(Debug, Clone)]
pub struct TreasureGame {
    map: TreasureMap,
    /// Each hit: the cell and its code before the hit.
    hits: Vec<(u32, u8)>,
}

impl TreasureGame {
    /// The game on `map`, nothing hit yet.
    pub fn new(map: TreasureMap) -> Self {
        TreasureGame {
            map,
            hits: Vec::new(),
        }
    }

    /// The map as hit so far.
    pub fn map(&self) -> &TreasureMap {
        &self.map
    }

    /// The cell of a move, 1-based `(row, column)`.
    pub fn cell(&self, index: u32) -> (usize, usize) {
        let cols = self.map.cols();
        (index as usize / cols + 1, index as usize % cols + 1)
    }

    /// Whether the treasure has been hit: the game is over.
    pub fn treasure_hit(&self) -> bool {
        self.hits
            .last()
            .is_some_and(|&(_, before)| before == TREASURE_CODE)
    }

    /// Which cells can be touched now: a flood of the empty cells from the border; a cell is
    /// touchable when it is on the border or next to a flooded cell.
    fn touchable(&self) -> Vec<bool> {
        let (rows, cols) = (self.map.rows(), self.map.cols());
        let empty = |i: usize| self.map.code(i) == 0;
        let mut outside = vec![false; rows * cols];
        let mut stack: Vec<usize> = (0..rows * cols)
            .filter(|&i| {
                let (r, c) = (i / cols, i % cols);
                (r == 0 || c == 0 || r + 1 == rows || c + 1 == cols) && empty(i)
            })
            .collect();
        for &i in &stack {
            outside[i] = true;
        }
        while let Some(i) = stack.pop() {
            let (r, c) = (i / cols, i % cols);
            let mut visit = |j: usize| {
                if empty(j) && !outside[j] {
                    outside[j] = true;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - cols);
            }
            if r + 1 < rows {
                visit(i + cols);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < cols {
                visit(i + 1);
            }
        }
        (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let border = r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
                let near = (r > 0 && outside[i - cols])
                    || (r + 1 < rows && outside[i + cols])
                    || (c > 0 && outside[i - 1])
                    || (c + 1 < cols && outside[i + 1]);
                !empty(i) && (border || near)
            })
            .collect()
    }
}

impl Rules for TreasureGame {
    type Move = u32;

    /// Every touchable stone or treasure, row by row; none once the treasure is hit.
    fn legal_moves(&self) -> Vec<u32> {
        if self.treasure_hit() {
            return Vec::new();
        }
        let touchable = self.touchable();
        (0..touchable.len() as u32)
            .filter(|&i| touchable[i as usize])
            .collect()
    }

    fn play(&mut self, index: u32) -> Result<(), IllegalMove> {
        let cells = self.map.rows() * self.map.cols();
        if index as usize >= cells {
            return Err(IllegalMove::NotAVertex(index));
        }
        if self.treasure_hit() {
            return Err(IllegalMove::GameOver);
        }
        let before = self.map.code(index as usize);
        if before == 0 {
            return Err(IllegalMove::NothingToHit(index));
        }
        if !self.touchable()[index as usize] {
            return Err(IllegalMove::Untouchable(index));
        }
        // Hitting the treasure ends the game and leaves it in place.
        if before != TREASURE_CODE {
            self.map.set_stone(index as usize, before - 1);
        }
        self.hits.push((index, before));
        Ok(())
    }

    fn undo(&mut self) -> Option<u32> {
        let (index, before) = self.hits.pop()?;
        if before != TREASURE_CODE {
            self.map.set_stone(index as usize, before);
        }
        Some(index)
    }

    fn moves_played(&self) -> usize {
        self.hits.len()
    }

    /// Exact by the parity: never undecided.
    fn analyse(&self, _go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<u32>, Undecided> {
        let legal_moves = self.legal_moves();
        let treasure = {
            let (row, col) = self.map.treasure();
            ((row - 1) * self.map.cols() + col - 1) as u32
        };
        let winning_moves: Vec<u32> = if legal_moves.is_empty() {
            Vec::new()
        } else if legal_moves.contains(&treasure) {
            vec![treasure]
        } else {
            let outcome = analyse_treasure(&self.map);
            if outcome.safe_hits % 2 == 1 {
                let breaks_ring =
                    |i: u32| self.map.code(i as usize) == 1 && outcome.ring.contains(&self.cell(i));
                legal_moves
                    .iter()
                    .copied()
                    .filter(|&i| !breaks_ring(i))
                    .collect()
            } else {
                Vec::new()
            }
        };
        Ok(PositionAnalysis {
            mover_wins: !winning_moves.is_empty(),
            winning_moves,
            legal_moves,
        })
    }
}
