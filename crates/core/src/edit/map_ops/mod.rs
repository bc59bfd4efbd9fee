//! Map operations of the Blocks & items view and `trackbench blocks`:
//! functions over a map's parse and a [`Selection`] of its blocks and
//! items (indices in `export blocks` order) that each return one undoable
//! [`Edit`](crate::edit::Edit).
//!
//! - [`move_selection`], [`rotate_selection`]: coordinates, directions,
//!   positions and yaw ([`transform`]);
//! - [`colour_selection`]: TM2020's palette in 0x03043062 ([`colour`]);
//! - [`delete_selection`], [`replace_model`] (with [`count_replacements`]
//!   first), [`set_player_model`], [`set_decoration`]: changes that move
//!   bytes and lookback strings, through the engine's `build_edit`
//!   ([`delete`], [`replace`]); [`duplicate_block`] ([`duplicate`]);
//! - [`add_block`]: a new block record written from its declared layout
//!   ([`add`]; on TM1.0 maps a new block node, `add_tm10.rs`);
//! - [`validation`](mod@validation), [`validation_effect`], [`clear_validation`]: what a
//!   change does to the author time, and clearing it ([`mod@validation`]);
//! - [`place_item`] ([`place`]): a new anchored item (issue 45);
//! - [`import::plan`], [`import::apply`]: a block list ([`block_list`],
//!   the `export blocks` JSON) applied as one edit ([`import`]).

pub mod add;
mod add_tm10;
pub mod block_list;
pub mod colour;
pub mod delete;
pub mod duplicate;
pub mod import;
mod locate;
pub mod place;
pub mod replace;
pub mod selection;
pub mod transform;
pub mod validation;

pub use add::{NewBlock, add_block};
pub use colour::{Colour, colour_selection, colours};
pub use delete::delete_selection;
pub use duplicate::duplicate_block;
pub use place::{NewItem, place_item};
pub use replace::{count_replacements, replace_model, set_decoration, set_player_model};
pub use selection::Selection;
pub use transform::{Offset, Rotation, move_selection, rotate_selection};
pub use validation::{Validation, clear_validation, validation, validation_effect};
