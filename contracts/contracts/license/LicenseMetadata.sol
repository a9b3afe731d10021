// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {ILicense} from "../interfaces/ILicense.sol";

// The JSON and SVG fragments are single-quoted so their own double quotes need no escaping.
// solhint-disable quotes

/// @title LicenseMetadata
/// @notice A License's ERC-721 metadata, written on chain: a data: URI of base64 JSON whose image is an SVG
/// drawn from the same facts (type, number, uses left, rental), so a wallet, an explorer or a
/// marketplace shows what the License is without our api. Internal functions: compiled into License.
/// Every text in it is ours (no user input), so nothing needs escaping.
library LicenseMetadata {
    using Strings for uint256;

    /// What the metadata says about one License, read by License.tokenURI.
    struct Facts {
        uint256 tokenId;
        ILicense.Info info;
        uint16 issuesPerLicense;
        /// 0 when never rented (or cleared by a transfer); else the rental's end, unix seconds.
        uint64 rentalExpires;
        /// The rental is running now (ERC-4907 userOf is not zero).
        bool rented;
    }

    function tokenURI(Facts memory facts) internal pure returns (string memory) {
        bytes memory json = abi.encodePacked(
            '{"name":"PRDS License #',
            facts.tokenId.toString(),
            '","description":"A PRDS License: the right to issue prediction markets on PRDS, one market per use. ',
            'It can be sold or rented out; a renter issues with it until the rental ends.","image":"data:image/svg+xml;base64,',
            Base64.encode(_svg(facts)),
            '","attributes":',
            _attributes(facts),
            "}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    function typeName(ILicense.LicenseType licenseType) internal pure returns (string memory) {
        if (licenseType == ILicense.LicenseType.Common) return "Common";
        if (licenseType == ILicense.LicenseType.Scarcity) return "Scarcity";
        return "Attributive";
    }

    function rentalState(Facts memory facts) internal pure returns (string memory) {
        if (facts.rented) return "Rented";
        return facts.rentalExpires == 0 ? "Not rented" : "Rental ended";
    }

    function _yesNo(bool value) private pure returns (string memory) {
        return value ? "Yes" : "No";
    }

    function _attributes(Facts memory facts) private pure returns (bytes memory) {
        bytes memory list = abi.encodePacked(
            '[{"trait_type":"Type","value":"',
            typeName(facts.info.licenseType),
            '"},{"trait_type":"Number","display_type":"number","value":',
            uint256(facts.info.number).toString(),
            '},{"trait_type":"Uses left","display_type":"number","value":',
            uint256(facts.info.availableTimes).toString(),
            ',"max_value":',
            uint256(facts.issuesPerLicense).toString(),
            '},{"trait_type":"Rental","value":"',
            rentalState(facts),
            '"}'
        );
        if (facts.rented) {
            list = abi.encodePacked(
                list, ',{"trait_type":"Rented until","display_type":"date","value":', uint256(facts.rentalExpires).toString(), "}"
            );
        }
        return abi.encodePacked(
            list,
            ',{"trait_type":"Tradable","value":"',
            _yesNo(facts.info.tradable),
            '"},{"trait_type":"Rentable","value":"',
            _yesNo(facts.info.rentable),
            '"},{"trait_type":"Usable","value":"',
            _yesNo(facts.info.usable),
            '"}]'
        );
    }

    /// The type's colour: common blue, scarcity violet, attributive amber (white text at 5:1 or more).
    function _colour(ILicense.LicenseType licenseType) private pure returns (string memory) {
        if (licenseType == ILicense.LicenseType.Common) return "#2563eb";
        if (licenseType == ILicense.LicenseType.Scarcity) return "#7c3aed";
        return "#92400e";
    }

    function _svg(Facts memory facts) private pure returns (bytes memory) {
        string memory left = uint256(facts.info.availableTimes).toString();
        string memory total = uint256(facts.issuesPerLicense).toString();
        return abi.encodePacked(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 350 350" width="350" height="350">',
            '<rect width="350" height="350" rx="24" fill="',
            _colour(facts.info.licenseType),
            '"/><g fill="#ffffff" font-family="Helvetica,Arial,sans-serif">',
            '<text x="28" y="56" font-size="22" font-weight="700">PRDS License</text>',
            '<text x="28" y="120" font-size="48" font-weight="700">#',
            facts.tokenId.toString(),
            "</text>",
            _details(facts, left, total),
            _usesBar(facts.info.availableTimes, facts.issuesPerLicense),
            "</g></svg>"
        );
    }

    function _details(Facts memory facts, string memory left, string memory total) private pure returns (bytes memory) {
        return abi.encodePacked(
            '<text x="28" y="168" font-size="20">',
            typeName(facts.info.licenseType),
            " No. ",
            uint256(facts.info.number).toString(),
            '</text><text x="28" y="208" font-size="20">Uses left: ',
            left,
            " / ",
            total,
            '</text><text x="28" y="300" font-size="20">',
            rentalState(facts),
            "</text>"
        );
    }

    /// One cell per use a new License has, filled for each use left (at most 50 cells drawn).
    function _usesBar(uint16 left, uint16 total) private pure returns (bytes memory bar) {
        uint256 cells = total > 50 ? 50 : total;
        uint256 width = 294 / cells;
        for (uint256 i = 0; i < cells; ++i) {
            bar = abi.encodePacked(
                bar,
                '<rect x="',
                (28 + i * width).toString(),
                '" y="228" width="',
                (width - 4).toString(),
                '" height="16" rx="3" fill-opacity="',
                i < left ? "1" : "0.3",
                '"/>'
            );
        }
    }
}
