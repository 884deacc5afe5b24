//! Undirected vertex geography and the board games built on it, solved exactly.

pub mod text;
