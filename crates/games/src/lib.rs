//! Undirected vertex geography and the board games built on it, solved exactly.

pub mod bands;
pub mod board;
pub mod checker;
pub mod formats;
pub mod generate;
pub mod graph6;
pub mod grid;
pub mod oracle;
pub mod position;
pub mod record;
pub mod slide;
pub mod text;
pub mod token_game;
pub mod token_record;
pub mod treasure;
