// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

// The demo's and tests' NFT collection for NFT avatars: a plain ERC-721 whose deployer mints.
// Each token's metadata is a data: URI whose picture is a small SVG drawn from its id, so the
// app reads it from the chain alone. Compiled into test-avatars.json by
// scripts/build-test-contracts.ts; never deployed anywhere but the local node.
interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}

contract TestAvatars {
    string public constant name = "Guildhall Test Avatars";
    string public constant symbol = "GHAV";
    address public immutable minter;
    mapping(uint256 => address) private owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor() {
        minter = msg.sender;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-721, ERC-721 Metadata.
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address owner = owners[tokenId];
        require(owner != address(0), "no such token");
        return owner;
    }

    function mint(address to, uint256 tokenId) external {
        require(msg.sender == minter, "only the deployer mints");
        require(to != address(0) && owners[tokenId] == address(0), "cannot mint");
        owners[tokenId] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "not allowed");
        getApproved[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        require(owner == from && to != address(0), "bad transfer");
        require(msg.sender == owner || getApproved[tokenId] == msg.sender || isApprovedForAll[owner][msg.sender], "not allowed");
        delete getApproved[tokenId];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            require(IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) == IERC721Receiver.onERC721Received.selector, "not a receiver");
        }
    }

    /** JSON metadata in a data: URI; its image an SVG, also a data: URI (no '#' or '%': colours are rgb()). */
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = decimal(tokenId);
        string memory hue = decimal((tokenId * 67) % 256);
        return string.concat(
            "data:application/json,{\"name\":\"Guildhall Test Avatar ", id, "\",\"image\":\"data:image/svg+xml,",
            "<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256' viewBox='0 0 256 256'>",
            "<rect width='256' height='256' fill='rgb(", hue, ",90,200)'/>",
            "<circle cx='128' cy='110' r='56' fill='rgb(250,240,220)'/>",
            "<text x='128' y='225' font-size='48' text-anchor='middle' font-family='sans-serif' fill='rgb(255,255,255)'>", id, "</text></svg>\"}"
        );
    }

    function decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }
}
